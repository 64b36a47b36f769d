import { RelativeTime } from '@web/components/posts/RelativeTime.tsx';
import { ReportDialog } from '@web/components/ReportDialog.tsx';
import type { ChatMessage } from '@web/queries/messageCache.ts';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One message. The viewer's own show where they are: 'Sending…', 'Failed' with Retry, and on the
 * newest stored one 'Delivered' or 'Read'; the other member's can be reported to the moderators.
 * Memoized: a new message re-renders only itself.
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  mine,
  senderName,
  showReceipt,
  onRetry,
}: {
  message: ChatMessage;
  mine: boolean;
  senderName: string;
  showReceipt: boolean;
  onRetry: (message: ChatMessage) => void;
}) {
  const { t } = useTranslation();
  const failed = message.pending === 'failed';
  const [reporting, setReporting] = useState(false);
  return (
    <li className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`} data-message-id={message.id}>
      <p
        className={`max-w-[80%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 ${
          mine
            ? `rounded-br-sm text-white ${failed ? 'bg-red-500' : 'bg-brand-600'} ${message.pending === 'sending' ? 'opacity-70' : ''}`
            : 'rounded-bl-sm bg-slate-100 text-slate-900'
        }`}
      >
        <span className="sr-only">{t('{{sender}}:', { sender: mine ? t('You') : senderName })} </span>
        {message.content}
      </p>
      <p className="mt-0.5 flex items-center gap-2 px-1 text-xs text-slate-500">
        {message.pending ? null : <RelativeTime iso={message.created_at} />}
        {message.pending === 'sending' ? <span>{t('Sending…')}</span> : null}
        {failed ? (
          <>
            <span className="font-medium text-red-700">{t('Failed')}</span>
            <button
              type="button"
              onClick={() => onRetry(message)}
              className="rounded font-semibold text-brand-600 hover:text-brand-700 hover:underline"
            >
              {t('Retry')}
            </button>
          </>
        ) : null}
        {showReceipt ? <span>{message.is_read ? t('Read') : t('Delivered')}</span> : null}
        {!mine && !message.pending ? (
          <button
            type="button"
            aria-label={t('Report message from {{name}}', { name: senderName })}
            onClick={() => setReporting(true)}
            className="rounded font-medium text-slate-500 hover:text-red-700 hover:underline"
          >
            {t('Report')}
          </button>
        ) : null}
      </p>
      {reporting ? (
        <ReportDialog
          target={{ type: 'message', id: message.id }}
          what={t('message')}
          onClose={() => setReporting(false)}
        />
      ) : null}
    </li>
  );
});
