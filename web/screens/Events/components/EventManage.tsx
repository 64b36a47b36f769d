import {
  type CommunityEvent,
  cancelEventSchema,
  EVENT_CANCEL_REASON_MAX,
  EVENT_MESSAGE_MAX,
  eventMessageSchema,
} from '@common/schemas/events.ts';
import { useCancelEvent, useMessageAttendees } from '@web/queries/events.ts';
import { FormDialog } from '@web/ui/Dialog.tsx';
import { FormError, fieldErrors } from '@web/ui/Field.tsx';
import { FormActions } from '@web/ui/FormActions.tsx';
import { secondaryButtonClass } from '@web/ui/styles.ts';
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

/** What one of the host's dialogs asks for (one text) and does with it. */
interface TextDialogSpec {
  title: string;
  description: string;
  label: string;
  rows: number;
  max: number;
  /** The shared schema's check of the text: its message, or undefined when it will do. */
  problem: (text: string) => string | undefined;
  send: (text: string) => Promise<unknown>;
  pending: boolean;
  error: string | undefined;
  done: string;
  keepLabel: string;
  submitLabel: string;
  pendingLabel: string;
  danger?: boolean;
}

/** A dialog with one required text (Cancel event's reason, Message attendees' message). */
function TextDialog({ spec, onClose }: { spec: TextDialogSpec; onClose: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function onSubmit(submitted: FormEvent) {
    submitted.preventDefault();
    if (spec.pending) return;
    const problem = spec.problem(text);
    setError(problem);
    if (problem) return;
    try {
      await spec.send(text);
    } catch {
      return; // shown under the form from the mutation's error
    }
    toast.success(spec.done);
    onClose();
  }

  return (
    <FormDialog title={spec.title} description={spec.description} onClose={onClose} onSubmit={onSubmit}>
      <TextareaField
        label={spec.label}
        value={text}
        rows={spec.rows}
        maxLength={spec.max}
        counter
        required
        error={error}
        onChange={(changed) => setText(changed.target.value)}
      />
      <FormError message={spec.error} />
      <FormActions
        onCancel={onClose}
        cancelLabel={spec.keepLabel}
        submitLabel={spec.submitLabel}
        submittingLabel={spec.pendingLabel}
        submitting={spec.pending}
        danger={spec.danger}
        wrap
      />
    </FormDialog>
  );
}

/** Cancel event: a required reason, sent to everyone who answered. */
function CancelEventDialog({ event, onClose }: { event: CommunityEvent; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelEvent(event.id);
  const spec: TextDialogSpec = {
    title: t('Cancel event'),
    description: t('Everyone who answered is told, with your reason.'),
    label: t('Reason'),
    rows: 3,
    max: EVENT_CANCEL_REASON_MAX,
    problem: (reason) => {
      const parsed = cancelEventSchema.safeParse({ reason });
      return parsed.success ? undefined : fieldErrors<'reason'>(parsed.error.issues).reason;
    },
    send: (reason) => cancel.mutateAsync(reason.trim()),
    pending: cancel.isPending,
    error: cancel.error?.message,
    done: t('Event cancelled'),
    keepLabel: t('Keep event'),
    submitLabel: t('Cancel event'),
    pendingLabel: t('Working...'),
    danger: true,
  };
  return <TextDialog spec={spec} onClose={onClose} />;
}

/** Message attendees: one bell line and one email to each member going (event_message_limit a day). */
function MessageAttendeesDialog({ event, onClose }: { event: CommunityEvent; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessageAttendees(event.id);
  const spec: TextDialogSpec = {
    title: t('Message attendees'),
    description: t('Everyone going gets it in their notifications and by email.'),
    label: t('Message'),
    rows: 4,
    max: EVENT_MESSAGE_MAX,
    problem: (text) => {
      const parsed = eventMessageSchema.safeParse({ text });
      return parsed.success ? undefined : fieldErrors<'text'>(parsed.error.issues).text;
    },
    send: (text) => message.mutateAsync(text.trim()),
    pending: message.isPending,
    error: message.error?.message,
    done: t('Message sent'),
    keepLabel: t('Cancel'),
    submitLabel: t('Send'),
    pendingLabel: t('Sending...'),
  };
  return <TextDialog spec={spec} onClose={onClose} />;
}
