import { CONTACT_MESSAGE_MAX_LENGTH } from '@common/limits.ts';
import { CONTACT_SUBJECTS, type ContactSubject } from '@common/options.ts';
import { contactMessageSchema } from '@common/schemas/contact.ts';
import { msg } from '@web/i18n/msg.ts';
import { useSendContactMessage } from '@web/queries/contact.ts';
import { useSession } from '@web/queries/session.ts';
import { FormDialog } from '@web/ui/Dialog.tsx';
import { Field, FormError, fieldErrors } from '@web/ui/Field.tsx';
import { FormActions } from '@web/ui/FormActions.tsx';
import { SelectField } from '@web/ui/Select.tsx';
import { TextareaField } from '@web/ui/Textarea.tsx';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

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
  const { data: me } = useSession();
  const send = useSendContactMessage();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [subject, setSubject] = useState<ContactSubject | ''>('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  // A member's details are prefilled.
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
    <FormDialog
      title={t('Contact Us')}
      description={t('Questions, ideas or problems? Send us a message.')}
      onClose={onClose}
      onSubmit={onSubmit}
    >
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
      <SelectField
        label={t('Subject')}
        value={subject}
        onChange={setSubject}
        options={CONTACT_SUBJECTS.map((s) => [s, t(SUBJECT_LABELS[s])] as const)}
        placeholder={t('Select a subject')}
        error={errors.subject}
      />
      <TextareaField
        label={t('Message')}
        rows={5}
        value={message}
        maxLength={CONTACT_MESSAGE_MAX_LENGTH}
        onChange={(e) => setMessage(e.target.value)}
        error={errors.message}
      />
      <FormError message={errors.form} />
      <FormActions
        onCancel={onClose}
        submitLabel={t('Send Message')}
        submittingLabel={t('Sending...')}
        submitting={send.isPending}
      />
    </FormDialog>
  );
}
