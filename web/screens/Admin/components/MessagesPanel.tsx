import type { ContactSubject } from '@common/options.ts';
import { msg } from '@web/i18n/msg.ts';
import { useContactMessages } from '@web/queries/admin.ts';
import { useTranslation } from 'react-i18next';
import { formatDateTime, LoadMore, PanelEmpty, PanelError, PanelLoading, rowClass } from './PanelStates.tsx';

/** The subjects' labels (CONTACT_SUBJECT_LABELS of common/options.ts) as catalogue keys. */
const SUBJECT_LABELS: Record<ContactSubject, string> = {
  general: msg('General Inquiry'),
  support: msg('Technical Support'),
  business: msg('Business'),
  feedback: msg('Feedback'),
  bug: msg('Report a Bug'),
  other: msg('Other'),
};

/** What visitors and members sent through Contact Us, newest first. */
export function MessagesPanel() {
  const { t } = useTranslation();
  const messages = useContactMessages();
  const subjectLabel = (subject: string) => {
    const label = SUBJECT_LABELS[subject as ContactSubject];
    return label ? t(label) : subject;
  };
  if (messages.isPending) return <PanelLoading label={t('Loading messages...')} />;
  if (messages.isError) {
    return (
      <PanelError
        title={t('Error loading messages')}
        message={messages.error.message}
        onRetry={() => messages.refetch()}
      />
    );
  }
  const list = messages.data.pages.flatMap((page) => page.messages);
  if (list.length === 0)
    return <PanelEmpty>{t('No messages yet. What people send through Contact Us shows here.')}</PanelEmpty>;
  return (
    <>
      <ul aria-label={t('Contact messages')} className="flex flex-col gap-2">
        {list.map((message) => (
          <li key={message.id} className={`${rowClass} flex flex-col gap-1`}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <h3 className="font-semibold text-slate-900">{subjectLabel(message.subject)}</h3>
              <time dateTime={message.created_at} className="text-xs text-slate-500">
                {formatDateTime(message.created_at)}
              </time>
            </div>
            <p className="text-sm break-words text-slate-600">
              {message.name} ·{' '}
              <a href={`mailto:${message.email}`} className="text-brand-600 hover:underline">
                {message.email}
              </a>
              {' · '}
              {message.user_id ? t('member') : t('visitor')}
            </p>
            <p className="whitespace-pre-wrap break-words text-slate-800">{message.message}</p>
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={Boolean(messages.hasNextPage)}
        loading={messages.isFetchingNextPage}
        onLoad={() => messages.fetchNextPage()}
      />
    </>
  );
}
