import {
  type CommunityEvent,
  cancelEventSchema,
  EVENT_CANCEL_REASON_MAX,
  EVENT_MESSAGE_MAX,
  eventMessageSchema,
} from '@common/schemas/events.ts';
import { useCancelEvent, useMessageAttendees } from '@web/queries/events.ts';
import { Dialog, DialogHeader } from '@web/ui/Dialog.tsx';
import { FormError, fieldErrors } from '@web/ui/Field.tsx';
import { buttonClass, dangerButtonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { TextareaField } from '@web/ui/Textarea.tsx';
import { Ban, Mail, Pencil } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';

/** The host's (and the group's admins') buttons: Edit, Cancel event, Message attendees. */
export function EventManage({ event, over }: { event: CommunityEvent; over: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'cancel' | 'message' | null>(null);
  const close = () => setOpen(null);
  const live = !event.cancelled && !over;
  return (
    <div className="flex flex-wrap gap-2">
      {live ? (
        <Link to={`/events/${encodeURIComponent(event.id)}/edit`} className={secondaryButtonClass}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
          {t('Edit')}
        </Link>
      ) : null}
      {live ? (
        <button type="button" onClick={() => setOpen('message')} className={secondaryButtonClass}>
          <Mail aria-hidden="true" className="h-4 w-4" />
          {t('Message attendees')}
        </button>
      ) : null}
      {live ? (
        <button
          type="button"
          onClick={() => setOpen('cancel')}
          className={`${secondaryButtonClass} text-red-700 hover:bg-red-50`}
        >
          <Ban aria-hidden="true" className="h-4 w-4" />
          {t('Cancel event')}
        </button>
      ) : null}
      {open === 'cancel' ? <CancelEventDialog event={event} onClose={close} /> : null}
      {open === 'message' ? <MessageAttendeesDialog event={event} onClose={close} /> : null}
    </div>
  );
}

/** Cancel event: a required reason, sent to everyone who answered. */
function CancelEventDialog({ event, onClose }: { event: CommunityEvent; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelEvent(event.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function onSubmit(submitted: FormEvent) {
    submitted.preventDefault();
    if (cancel.isPending) return;
    const parsed = cancelEventSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(fieldErrors<'reason'>(parsed.error.issues).reason);
      return;
    }
    setError(undefined);
    try {
      await cancel.mutateAsync(parsed.data.reason);
    } catch {
      return; // shown under the form from cancel.error
    }
    toast.success(t('Event cancelled'));
    onClose();
  }

  return (
    <Dialog
      onClose={onClose}
      closeOnBackdrop={false}
      className="w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 p-6">
        <DialogHeader
          size="lg"
          title={t('Cancel event')}
          description={t('Everyone who answered is told, with your reason.')}
          onClose={onClose}
        />
        <TextareaField
          label={t('Reason')}
          value={reason}
          rows={3}
          maxLength={EVENT_CANCEL_REASON_MAX}
          counter
          required
          error={error}
          onChange={(changed) => setReason(changed.target.value)}
        />
        <FormError message={cancel.error?.message} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            {t('Keep event')}
          </button>
          <button type="submit" disabled={cancel.isPending} className={dangerButtonClass}>
            {cancel.isPending ? t('Working...') : t('Cancel event')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Message attendees: one bell line and one email to each member going. */
function MessageAttendeesDialog({ event, onClose }: { event: CommunityEvent; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessageAttendees(event.id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function onSubmit(submitted: FormEvent) {
    submitted.preventDefault();
    if (message.isPending) return;
    const parsed = eventMessageSchema.safeParse({ text });
    if (!parsed.success) {
      setError(fieldErrors<'text'>(parsed.error.issues).text);
      return;
    }
    setError(undefined);
    try {
      await message.mutateAsync(parsed.data.text);
    } catch {
      return; // shown under the form from message.error (event_message_limit among others)
    }
    toast.success(t('Message sent'));
    onClose();
  }

  return (
    <Dialog
      onClose={onClose}
      closeOnBackdrop={false}
      className="w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 p-6">
        <DialogHeader
          size="lg"
          title={t('Message attendees')}
          description={t('Everyone going gets it in their notifications and by email.')}
          onClose={onClose}
        />
        <TextareaField
          label={t('Message')}
          value={text}
          rows={4}
          maxLength={EVENT_MESSAGE_MAX}
          counter
          required
          error={error}
          onChange={(changed) => setText(changed.target.value)}
        />
        <FormError message={message.error?.message} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            {t('Cancel')}
          </button>
          <button type="submit" disabled={message.isPending} className={buttonClass}>
            {message.isPending ? t('Sending...') : t('Send')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
