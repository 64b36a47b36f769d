import type { MemberSession } from '@common/schemas/auth.ts';
import { RelativeTime } from '@web/components/posts/RelativeTime.tsx';
import { useEndSession, useSessions, useSignOutOthers } from '@web/queries/settings.ts';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import { Monitor, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loaded, SettingsSection } from './SettingsPage.tsx';

const PHONE_SYSTEMS = new Set(['iOS', 'Android', 'iPadOS']);

/**
 * "Where you're signed in" (issue 52): every session of the member with its browser and system, its
 * address and last activity, this device first; 'Sign out' ends one at once on every node.
 */
export function SignedInSessions() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const signOutOthers = useSignOutOthers();

  async function onSignOutOthers() {
    try {
      await signOutOthers.mutateAsync();
      toast.success(t('Every other session was signed out.'));
    } catch (e) {
      toast.error((e as Error).message);
    }
  }

  return (
    <SettingsSection
      id="settings-sessions"
      title={t("Where you're signed in")}
      description={t('Sign out of any session you do not recognize, then change your password.')}
    >
      <Loaded query={sessions} label={t("Where you're signed in")}>
        {(list) => (
          <>
            <ul className="flex flex-col divide-y divide-slate-100">
              {list.map((session) => (
                <SessionRow key={session.id} session={session} />
              ))}
            </ul>
            {list.some((session) => !session.current) ? (
              <div>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={signOutOthers.isPending}
                  onClick={onSignOutOthers}
                >
                  {signOutOthers.isPending ? t('Signing out...') : t('Sign out of all other sessions')}
                </button>
              </div>
            ) : (
              <p className="text-sm text-slate-500">{t('You are not signed in anywhere else.')}</p>
            )}
          </>
        )}
      </Loaded>
    </SettingsSection>
  );
}

function SessionRow({ session }: { session: MemberSession }) {
  const { t } = useTranslation();
  const end = useEndSession();
  const { browser, system } = session;
  const name =
    browser && system
      ? t('{{browser}} on {{system}}', { browser, system })
      : (browser ?? system ?? t('Unknown browser'));
  const Icon = system && PHONE_SYSTEMS.has(system) ? Smartphone : Monitor;

  async function onSignOut() {
    try {
      await end.mutateAsync(session.id);
      toast.success(t('Signed out of {{name}}.', { name }));
    } catch (e) {
      toast.error((e as Error).message);
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-3 py-3" aria-label={name}>
      <Icon aria-hidden="true" className="h-6 w-6 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="break-words">{name}</span>
          {session.current ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
              {t('This device')}
            </span>
          ) : null}
        </p>
        <p className="text-sm text-slate-600">
          <span className="break-all">{session.ip_address ?? t('Unknown address')}</span>
          {' · '}
          {t('Last active')} <RelativeTime iso={session.last_active_at} />
        </p>
      </div>
      {session.current ? null : (
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={end.isPending}
          onClick={onSignOut}
          aria-label={t('Sign out of {{name}}', { name })}
        >
          {t('Sign out')}
        </button>
      )}
    </li>
  );
}
