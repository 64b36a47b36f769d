import { DRAWER_WIDTH_PX } from '@common/limits.ts';
import { BADGE_CAP } from '@common/schemas/notifications.ts';
import type { Me } from '@common/schemas/profiles.ts';
import { useFollowedTags } from '@web/queries/tags.ts';
import { LogOut, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Avatar } from './Avatar.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { DRAWER_ITEMS } from './navigation.ts';

/** The small-screen menu: a 280 px drawer sliding in from the left. */
export function MobileDrawer({
  open,
  onClose,
  me,
  onSignOut,
  unreadConversations = 0,
}: {
  open: boolean;
  onClose: () => void;
  me: Me;
  onSignOut: () => void;
  /** Conversations with unread messages, shown on the Messages link. */
  unreadConversations?: number;
}) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  // Portalled to <body>: the header's backdrop blur would otherwise become the drawer's containing block.
  return createPortal(
    <div className={`fixed inset-0 z-50 lg:hidden ${open ? '' : 'pointer-events-none'}`} aria-hidden={!open}>
      <button
        type="button"
        tabIndex={-1}
        aria-label={t('Close menu')}
        onClick={onClose}
        className={`absolute inset-0 bg-slate-900/50 transition-opacity ${open ? 'opacity-100' : 'opacity-0'}`}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={t('Menu')}
        tabIndex={-1}
        style={{ width: DRAWER_WIDTH_PX }}
        className={`absolute inset-y-0 left-0 flex flex-col bg-white shadow-xl transition-transform duration-200 ${open ? 'translate-x-0' : '-translate-x-full'}`}
      >
        <div className="flex items-center gap-3 border-b border-slate-200 p-4">
          <Avatar url={me.profile.avatar_url} name={me.profile.full_name} />
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-slate-900">{me.profile.full_name || t('User')}</p>
            <p className="truncate text-sm text-slate-500">@{me.profile.username || t('username')}</p>
          </div>
          {open ? (
            <NotificationBell myUsername={me.profile.username} onNavigate={onClose} align="left" />
          ) : null}
          <button
            type="button"
            onClick={onClose}
            aria-label={t('Close menu')}
            className="rounded-lg p-1 text-slate-500 hover:bg-slate-100"
            tabIndex={open ? 0 : -1}
          >
            <X className="h-5 w-5" />
          </button>
        </div>
        <nav aria-label={t('Menu')} className="flex-1 overflow-y-auto p-2">
          {DRAWER_ITEMS.map(({ to, label, icon: Icon }) => {
            const unread = to === '/messages' ? unreadConversations : 0;
            return (
              <NavLink
                key={to}
                to={to}
                // Prayer is not also current on 'My prayer list' (/prayer/list), its own link.
                end={to === '/' || to === '/prayer'}
                onClick={onClose}
                tabIndex={open ? 0 : -1}
                aria-label={
                  unread > 0
                    ? t('{{label}}, {{count}} unread', { label: t(label), count: unread })
                    : undefined
                }
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-lg px-3 py-2.5 font-medium ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`
                }
              >
                <Icon className="h-5 w-5" />
                {t(label)}
                <UnreadBadge count={unread} className="ml-auto" />
              </NavLink>
            );
          })}
          <FollowedTags open={open} onClose={onClose} />
        </nav>
        <div className="border-t border-slate-200 p-3">
          <button
            type="button"
            onClick={() => {
              onClose();
              onSignOut();
            }}
            tabIndex={open ? 0 : -1}
            className="flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 py-2 font-medium text-slate-700 hover:bg-slate-50"
          >
            <LogOut className="h-4 w-4" />
            {t('Sign Out')}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

/** 'Followed tags': the member's tags, each a link to its page (nothing while they follow none). */
function FollowedTags({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const tags = useFollowedTags(open).data?.tags ?? [];
  if (tags.length === 0) return null;
  return (
    <section aria-labelledby="drawer-followed-tags" className="mt-2 border-t border-slate-200 pt-2">
      <h2
        id="drawer-followed-tags"
        className="px-3 py-1 text-xs font-semibold uppercase tracking-wide text-slate-500"
      >
        {t('Followed tags')}
      </h2>
      <ul>
        {tags.map((tag) => (
          <li key={tag.name}>
            <NavLink
              to={`/tags/${encodeURIComponent(tag.name)}`}
              onClick={onClose}
              tabIndex={open ? 0 : -1}
              className={({ isActive }) =>
                `block truncate rounded-lg px-3 py-2 font-medium ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`
              }
            >
              #{tag.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The count of conversations with unread messages on the Messages link (capped like the bell). */
export function UnreadBadge({ count, className = '' }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={`min-w-5 rounded-full bg-rose-600 px-1 text-center text-xs font-bold leading-5 text-white ${className}`}
    >
      {count > BADGE_CAP ? `${BADGE_CAP}+` : count}
    </span>
  );
}
