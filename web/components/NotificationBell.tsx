import { BADGE_CAP, type Notification, type NotificationType } from '@common/schemas/notifications.ts';
import { usePainted } from '@web/afterPaint.ts';
import { RelativeTime } from '@web/components/posts/RelativeTime.tsx';
import { useAcceptFriendRequest, useDeclineFriendRequest } from '@web/queries/friendRequests.ts';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '@web/queries/notifications.ts';
import type { TFunction } from 'i18next';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AnonymousAvatar, Avatar } from './Avatar.tsx';

type Said = Pick<Notification, 'message' | 'others' | 'group' | 'event' | 'from'>;

/**
 * What a notification says after its sender's name (spec section 2, 'Notifications dropdown'), in the
 * language `t` speaks (called at render time). A server-written `message` is shown as it is. Event
 * and prayer notifications are whole sentences (SENTENCE_TYPES), shown without the name before them.
 */
const NOTIFICATION_TEXTS: Record<NotificationType, (n: Said, t: TFunction) => string> = {
  like: (_, t) => t('liked your post'),
  comment: (_, t) => t('commented on your post'),
  mention: (_, t) => t('mentioned you'),
  poll_ended: (_, t) => t('Final results: a poll you took part in has ended'),
  friend_request: (_, t) => t('sent you a friend request'),
  message: (_, t) => t('sent you a message'),
  circle_live: ({ message }, t) => message || t('is now live on FaithVerse'),
  wall_post: ({ message }, t) => message || t('New notification'),
  prayer: ({ others }, t) =>
    others > 0
      ? t('and {{count}} others prayed for your request', { count: others })
      : t('prayed for your request'),
  group_request: ({ group }, t) => t('asked to join {{group}}', { group: group?.name ?? '' }),
  group_approved: ({ group }, t) =>
    t('approved your request to join {{group}}', { group: group?.name ?? '' }),
  group_invite: ({ group }, t) => t('invited you to join {{group}}', { group: group?.name ?? '' }),
  group_role: ({ message, group }, t) =>
    message || t('changed your role in {{group}}', { group: group?.name ?? '' }),
  group_post: ({ group }, t) => t('posted in {{group}}', { group: group?.name ?? '' }),
  event_spot: ({ event }, t) => t("A spot opened: you're going to {{title}}", { title: event?.title ?? '' }),
  event_cancelled: ({ event, message }, t) =>
    t('{{title}} was cancelled: {{reason}}', { title: event?.title ?? '', reason: message ?? '' }),
  event_changed: ({ event }, t) => t('{{title}} has a new time or place', { title: event?.title ?? '' }),
  // `message` says how soon: '24h' or '1h'.
  event_reminder: ({ event, message }, t) =>
    message === '1h'
      ? t('{{title}} starts in 1 hour', { title: event?.title ?? '' })
      : t('{{title}} starts in 24 hours', { title: event?.title ?? '' }),
  event_message: ({ event, message, from }, t) =>
    t('{{name}} about {{title}}: {{message}}', {
      name: from?.full_name || from?.username || t('Someone'),
      title: event?.title ?? '',
      message: message ?? '',
    }),
  // `from` is the request's author, null when it was asked anonymously.
  prayer_update: ({ from }, t) =>
    from
      ? t('{{name}} shared an update on a prayer request', { name: from.full_name || from.username })
      : t('A member shared an update on a prayer request'),
  prayer_answered: ({ from }, t) =>
    from
      ? t("{{name}}'s prayer was answered", { name: from.full_name || from.username })
      : t('A prayer you prayed for was answered'),
  prayer_expiring: (_, t) => t('Still need prayer? Your request expires in 3 days.'),
  // `message` says how many requests are on the list.
  prayer_reminder: ({ message }, t) =>
    t('Time to pray: {{count}} requests on your prayer list', { count: Number(message) || 0 }),
};

/** Notifications that are whole sentences, shown without the sender's name before them. */
const SENTENCE_TYPES: ReadonlySet<NotificationType> = new Set([
  'event_spot',
  'event_cancelled',
  'event_changed',
  'event_reminder',
  'event_message',
  'prayer_update',
  'prayer_answered',
  'prayer_expiring',
  'prayer_reminder',
  'poll_ended',
]);

export function notificationText(n: Said & Pick<Notification, 'type'>, t: TFunction): string {
  return NOTIFICATION_TEXTS[n.type](n, t);
}

/** '@ana liked your post' ('A member posted in …' for an anonymous request), or a sentence on its own. */
function NotificationLine({ n }: { n: Notification }) {
  const { t } = useTranslation();
  if (SENTENCE_TYPES.has(n.type)) return <>{notificationText(n, t)}</>;
  return (
    <>
      <strong>
        {n.from ? `@${n.from.username}` : n.type === 'group_post' ? t('A member') : t('Someone')}
      </strong>{' '}
      {notificationText(n, t)}
    </>
  );
}

function destination(n: Notification, myUsername: string): string | null {
  if (n.event) return `/events/${encodeURIComponent(n.event.id)}`;
  if (n.type === 'circle_live') return n.post_id ? `/faithverse/circle/${n.post_id}` : null;
  if (n.type === 'prayer_reminder') return '/prayer/list';
  if (n.post_id) return `/post/${n.post_id}`;
  if (n.type === 'wall_post') return `/profile/${myUsername}`;
  if (n.type === 'message' && n.from) return `/messages?to=${n.from.username}`;
  if (n.group) return `/groups/${encodeURIComponent(n.group.slug)}`;
  return null;
}

/** The bell: latest 10, unread highlighted, badge capped at 99+, friend requests with Accept/Decline. */
export function NotificationBell({
  myUsername,
  onNavigate,
  align = 'right',
}: {
  myUsername: string;
  onNavigate?: () => void;
  align?: 'left' | 'right';
}) {
  const { t } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const list = useNotifications(usePainted());
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const accept = useAcceptFriendRequest();
  const decline = useDeclineFriendRequest();
  const unread = list.data?.unread_count ?? 0;

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !wrapper.current?.contains(e.target as Node))
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  function openNotification(n: Notification) {
    if (!n.is_read) markRead.mutate(n.id);
    const to = destination(n, myUsername);
    setOpen(false);
    onNavigate?.();
    if (to) navigate(to);
  }

  async function answer(n: Notification, accepted: boolean) {
    if (!n.from) return;
    try {
      await (accepted ? accept : decline).mutateAsync(n.from.id);
      toast.success(accepted ? t('Friend request accepted!') : t('Friend request declined'));
    } catch (error) {
      toast.error(t('Error'), { description: (error as Error).message });
    }
  }

  return (
    <div ref={wrapper} className="relative">
      <button
        type="button"
        aria-label={unread ? t('Notifications, {{count}} unread', { count: unread }) : t('Notifications')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100"
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-rose-600 px-1 text-center text-xs font-bold leading-5 text-white"
          >
            {unread > BADGE_CAP ? `${BADGE_CAP}+` : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <section
          id={panelId}
          aria-label={t('Notifications')}
          className={`absolute ${align === 'right' ? 'right-0' : '-left-40'} top-full z-50 mt-2 w-[min(22rem,calc(100vw-1.5rem))] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg`}
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
            <h2 className="font-semibold text-slate-900">{t('Notifications')}</h2>
            {unread > 0 ? (
              <button
                type="button"
                onClick={() =>
                  markAllRead.mutate(undefined, {
                    onError: (error) => toast.error(t('Error'), { description: error.message }),
                  })
                }
                disabled={markAllRead.isPending}
                className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60"
              >
                {t('Mark all as read')}
              </button>
            ) : null}
          </div>
          {list.isPending ? <p className="px-4 py-3 text-sm text-slate-500">{t('Loading...')}</p> : null}
          {list.isError ? <p className="px-4 py-3 text-sm text-red-600">{list.error.message}</p> : null}
          {list.data && list.data.notifications.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">{t('No notifications yet')}</p>
          ) : null}
          <ul className="max-h-96 overflow-y-auto">
            {list.data?.notifications.map((n) => (
              <li
                key={n.id}
                className={`border-b border-slate-100 last:border-0 ${n.is_read ? '' : 'bg-brand-50'}`}
              >
                <div className="flex gap-3 px-4 py-3">
                  {n.from || !n.type.startsWith('prayer_') ? (
                    <Avatar url={n.from?.avatar_url} name={n.from?.full_name} size="sm" />
                  ) : (
                    <AnonymousAvatar size="sm" />
                  )}
                  <div className="min-w-0 flex-1 text-sm">
                    {n.type === 'friend_request' ? (
                      <p>
                        <NotificationLine n={n} />
                      </p>
                    ) : (
                      <button
                        type="button"
                        onClick={() => openNotification(n)}
                        className="text-left hover:underline"
                      >
                        <NotificationLine n={n} />
                      </button>
                    )}
                    <p className="text-xs text-slate-500">
                      <RelativeTime iso={n.created_at} />
                      {n.is_read ? null : <span className="sr-only"> {t('(unread)')}</span>}
                    </p>
                    {n.type === 'friend_request' && !n.is_read && n.from ? (
                      <div className="mt-2 flex gap-2">
                        <button
                          type="button"
                          onClick={() => answer(n, true)}
                          disabled={accept.isPending || decline.isPending}
                          className="rounded-lg bg-brand-600 px-3 py-1 text-xs font-semibold text-white hover:bg-brand-700"
                        >
                          {t('Accept')}
                        </button>
                        <button
                          type="button"
                          onClick={() => answer(n, false)}
                          disabled={accept.isPending || decline.isPending}
                          className="rounded-lg border border-slate-300 px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
                        >
                          {t('Decline')}
                        </button>
                      </div>
                    ) : null}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
