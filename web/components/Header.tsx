import { usePainted } from '@web/afterPaint.ts';
import { useMessagesBadge } from '@web/queries/messages.ts';
import { useSession, useSignOut } from '@web/queries/session.ts';
import { LogOut, Menu } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import { Avatar } from './Avatar.tsx';
import { MobileDrawer, UnreadBadge } from './MobileDrawer.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { NAV_ITEMS } from './navigation.ts';
import { UserSearch } from './UserSearch.tsx';

/** The fixed top header, shown to signed-in members only. */
export function Header() {
  const { t } = useTranslation();
  const { data: me } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Counts wait until the screen itself has been painted (web/afterPaint.ts).
  const painted = usePainted();
  const unreadConversations = useMessagesBadge(Boolean(me) && painted);
  if (!me) return null;

  async function handleSignOut() {
    await signOut();
    navigate('/auth', { replace: true });
  }

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-7xl items-center gap-3 px-3 sm:px-4">
        <button
          type="button"
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
          aria-label={t('Open menu')}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          <Menu className="h-6 w-6" />
        </button>
        <Link to="/" className="shrink-0 text-xl font-extrabold tracking-tight text-brand-600">
          Splikz
        </Link>
        <div className="min-w-0 flex-1 sm:px-2">
          <UserSearch />
        </div>
        <nav aria-label={t('Main')} className="hidden items-center gap-1 lg:flex">
          {NAV_ITEMS.map(({ to, label, icon: Icon }) => {
            const unread = to === '/messages' ? unreadConversations : 0;
            return (
              <NavLink
                key={to}
                to={to}
                end={to === '/'}
                title={t(label)}
                aria-label={
                  unread > 0 ? t('{{label}}, {{count}} unread', { label: t(label), count: unread }) : t(label)
                }
                className={({ isActive }) =>
                  `relative rounded-lg p-2 ${isActive ? 'bg-brand-50 text-brand-600' : 'text-slate-600 hover:bg-slate-100'}`
                }
              >
                <Icon className="h-5 w-5" />
                <UnreadBadge count={unread} className="absolute -right-0.5 -top-0.5" />
              </NavLink>
            );
          })}
        </nav>
        <NotificationBell myUsername={me.profile.username} />
        <Link
          to={`/profile/${me.profile.username}`}
          aria-label={t('Your profile')}
          title={me.profile.full_name}
          className="hidden shrink-0 rounded-full sm:block"
        >
          <Avatar url={me.profile.avatar_url} name={me.profile.full_name} size="sm" />
        </Link>
        <button
          type="button"
          onClick={handleSignOut}
          className="hidden shrink-0 rounded-lg p-2 text-slate-600 hover:bg-slate-100 sm:block"
          aria-label={t('Sign out')}
          title={t('Sign out')}
        >
          <LogOut className="h-5 w-5" />
        </button>
      </div>
      <MobileDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        me={me}
        onSignOut={handleSignOut}
        unreadConversations={unreadConversations}
      />
    </header>
  );
}
