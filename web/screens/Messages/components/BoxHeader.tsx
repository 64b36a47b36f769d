import type { ConversationBox } from '@common/schemas/messages.ts';
import { BADGE_CAP } from '@common/schemas/notifications.ts';
import { useRequestCount } from '@web/queries/messages.ts';
import { ArrowLeft, ChevronRight, Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MESSAGE_KEYS } from '../texts.ts';

/**
 * Above the list: in the inbox, the way to 'Message requests' with how many wait there (requests
 * ring no bell and count in no header badge, so this is where they show); in the requests, the way
 * back and what a request is.
 */
export function BoxHeader({ box }: { box: ConversationBox }) {
  const { t } = useTranslation();
  const count = useRequestCount();
  if (box === 'requests') {
    return (
      <div className="border-b border-slate-200 px-2 py-2">
        <div className="flex items-center gap-1">
          <Link
            to="/messages"
            aria-label={t('Back to inbox')}
            title={t('Back to inbox')}
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100"
          >
            <ArrowLeft aria-hidden="true" className="h-5 w-5" />
          </Link>
          <h2 className="text-base font-semibold text-slate-900">{t(MESSAGE_KEYS.requests)}</h2>
        </div>
        <p className="px-2 pb-1 text-sm text-slate-500">{t(MESSAGE_KEYS.requestsHint)}</p>
      </div>
    );
  }
  const shown = count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
  return (
    <Link
      to="/messages?box=requests"
      className="flex items-center gap-3 border-b border-slate-200 px-4 py-3 text-slate-700 hover:bg-slate-50"
    >
      <Inbox aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
      <span className="min-w-0 flex-1 truncate font-medium">{t(MESSAGE_KEYS.requests)}</span>
      {count > 0 ? (
        <span className="min-w-5 shrink-0 rounded-full bg-slate-200 px-1.5 text-center text-xs font-bold leading-5 text-slate-800">
          {shown}
        </span>
      ) : null}
      <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
    </Link>
  );
}
