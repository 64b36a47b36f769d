import {
  ANNOUNCEMENT_BODY_MAX_LENGTH,
  ANNOUNCEMENT_SUBJECT_MAX_LENGTH,
  announcementInputSchema,
} from '@common/schemas/announcements.ts';
import { useAnnouncements, useSendAnnouncement } from '@web/queries/admin.ts';
import { Field, FormError, fieldErrors } from '@web/ui/Field.tsx';
import { buttonClass } from '@web/ui/styles.ts';
import { TextareaField } from '@web/ui/Textarea.tsx';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatDateTime, PanelEmpty, PanelError, PanelLoading, rowClass } from './PanelStates.tsx';

type Key = 'subject' | 'body';

/**
 * Updates: an admin writes an announcement and it is emailed, in the words written here, to every
 * member with 'Updates' on under Email Notifications; each email carries its own unsubscribe link.
 */
export function UpdatesPanel() {
  const { t } = useTranslation();
  const id = useId();
  const send = useSendAnnouncement();
  const list = useAnnouncements();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = announcementInputSchema.safeParse({ subject, body });
    if (!parsed.success) {
      setErrors(fieldErrors<Key>(parsed.error.issues));
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: () => {
        setSubject('');
        setBody('');
        toast.success(t('Update sent to members with Updates on'));
      },
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} noValidate className={`${rowClass} flex flex-col gap-3`}>
        <h2 className="text-lg font-semibold text-slate-900">{t('Write an update')}</h2>
        <p className="text-sm text-slate-600">
          {t('It is emailed to every member who has Updates on under Email Notifications.')}
        </p>
        <Field
          label={t('Subject')}
          value={subject}
          maxLength={ANNOUNCEMENT_SUBJECT_MAX_LENGTH}
          onChange={(e) => setSubject(e.target.value)}
          error={errors.subject}
        />
        <TextareaField
          label={t('Message')}
          value={body}
          rows={6}
          maxLength={ANNOUNCEMENT_BODY_MAX_LENGTH}
          onChange={(e) => setBody(e.target.value)}
          error={errors.body}
        />
        {send.isError ? <FormError message={send.error.message} /> : null}
        <div>
          <button type="submit" className={buttonClass} disabled={send.isPending}>
            {send.isPending ? t('Sending...') : t('Send update')}
          </button>
        </div>
      </form>
      <section aria-labelledby={`${id}-sent`} className="flex flex-col gap-2">
        <h2 id={`${id}-sent`} className="text-lg font-semibold text-slate-900">
          {t('Sent updates')}
        </h2>
        {list.isPending ? <PanelLoading label={t('Loading updates...')} /> : null}
        {list.isError ? (
          <PanelError
            title={t('Error loading updates')}
            message={list.error.message}
            onRetry={() => list.refetch()}
          />
        ) : null}
        {list.data && list.data.announcements.length === 0 ? (
          <PanelEmpty>{t('No updates sent yet')}</PanelEmpty>
        ) : null}
        <ul className="flex flex-col gap-2">
          {list.data?.announcements.map((a) => (
            <li key={a.id} className={rowClass}>
              <p className="font-semibold text-slate-900">{a.subject}</p>
              <p className="line-clamp-3 whitespace-pre-line text-sm text-slate-700">{a.body}</p>
              <p className="mt-1 text-xs text-slate-500">
                {t('{{date}} by @{{username}}', {
                  date: formatDateTime(a.created_at),
                  username: a.author_username ?? '—',
                })}
                {' · '}
                {a.finished_at
                  ? t('Emailed to {{count}} members', { count: a.sent_count })
                  : t('Sending… {{count}} so far', { count: a.sent_count })}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
