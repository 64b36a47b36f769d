import { CONTACT_MESSAGE_MAX_LENGTH } from '@common/limits.ts';
import { CONTACT_SUBJECTS, type ContactSubject } from '@common/options.ts';
import { contactMessageSchema } from '@common/schemas/contact.ts';
import { msg } from '@web/i18n/msg.ts';
import { useSendContactMessage } from '@web/queries/contact.ts';
import { useSession } from '@web/queries/session.ts';
import { X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { buttonClass, Field, FormError, fieldErrors, secondaryButtonClass } from './Field.tsx';

/** The subjects' labels (CONTACT_SUBJECT_LABELS in common/options.ts) as catalogue keys, shown as t(label). */
const SUBJECT_LABELS: Record<ContactSubject, string> = {
  general: msg('General Inquiry'),
  support: msg('Technical Support'),
  business: msg('Business'),
  feedback: msg('Feedback'),
  bug: msg('Report a Bug'),
  other: msg('Other'),
};

type Errors = Partial<Record<'name' | 'email' | 'subject' | 'message' | 'form', string>>;

/** 'Contact Us': open to visitors and members; every field is required. */
export default function ContactDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const { data: me } = useSession();
  const send = useSendContactMessage();
  const ids = { subject: useId(), message: useId() };
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [subject, setSubject] = useState<ContactSubject | ''>('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  // Mounted when opened: show it as a modal (focus moves in, Escape closes) and prefill a member's details.
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  useEffect(() => {
    if (!me) return;
    setName((n) => n || me.profile.full_name);
    setEmail((e) => e || me.email);
  }, [me]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = contactMessageSchema.safeParse({ name, email, subject, message });
    if (!parsed.success) {
      setErrors(fieldErrors<keyof Errors>(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync(parsed.data);
      toast.success(t('Message sent!'), {
        description: t("Thanks for reaching out. We'll get back to you soon."),
      });
      setSubject('');
      setMessage('');
      onClose();
    } catch (error) {
      setErrors({ form: (error as Error).message });
    }
  }

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby={`${ids.subject}-title`}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl p-0 shadow-2xl"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 p-6">
        <div className="flex items-start justify-between">
          <div>
            <h2 id={`${ids.subject}-title`} className="text-xl font-bold text-slate-900">
              {t('Contact Us')}
            </h2>
            <p className="text-sm text-slate-500">{t('Questions, ideas or problems? Send us a message.')}</p>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('Close')}
            className="rounded-lg p-1 hover:bg-slate-100"
          >
            <X className="h-5 w-5" />
          </button>
        </div>
        <Field
          label={t('Name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          autoComplete="name"
          maxLength={100}
        />
        <Field
          label={t('Email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          autoComplete="email"
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.subject} className="text-sm font-medium text-slate-700">
            {t('Subject')}
          </label>
          <select
            id={ids.subject}
            value={subject}
            onChange={(e) => setSubject(e.target.value as ContactSubject)}
            aria-invalid={errors.subject ? true : undefined}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 aria-[invalid=true]:border-red-500"
          >
            <option value="">{t('Select a subject')}</option>
            {CONTACT_SUBJECTS.map((s) => (
              <option key={s} value={s}>
                {t(SUBJECT_LABELS[s])}
              </option>
            ))}
          </select>
          {errors.subject ? <p className="text-sm text-red-600">{errors.subject}</p> : null}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.message} className="text-sm font-medium text-slate-700">
            {t('Message')}
          </label>
          <textarea
            id={ids.message}
            rows={5}
            value={message}
            maxLength={CONTACT_MESSAGE_MAX_LENGTH}
            onChange={(e) => setMessage(e.target.value)}
            aria-invalid={errors.message ? true : undefined}
            className="rounded-lg border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-500"
          />
          {errors.message ? <p className="text-sm text-red-600">{errors.message}</p> : null}
        </div>
        <FormError message={errors.form} />
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            {t('Cancel')}
          </button>
          <button type="submit" disabled={send.isPending} className={buttonClass}>
            {send.isPending ? t('Sending...') : t('Send Message')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
