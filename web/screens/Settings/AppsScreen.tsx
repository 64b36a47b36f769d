import type { AuthorizedApp } from '@common/schemas/oauth.ts';
import { RelativeTime } from '@web/components/posts/RelativeTime.tsx';
import { useAuthorizedApps, useRevokeApp } from '@web/queries/oauth.ts';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import { AppWindow } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loaded, SettingsPage, SettingsSection } from './components/SettingsPage.tsx';

/**
 * /settings/apps (issue 53): "Apps you've authorized" through the Mastodon client API (Tusky, Ivory,
 * toot…), with what each may do, when it was authorized and last used; 'Revoke' refuses its next call.
 */
export default function AppsScreen() {
  const { t } = useTranslation();
  const apps = useAuthorizedApps();
  return (
    <SettingsPage
      title={t('Apps')}
      description={t('Apps such as Tusky, Ivory or toot can use your account once you authorize them.')}
    >
      <SettingsSection id="settings-apps" title={t("Apps you've authorized")}>
        <Loaded query={apps} label={t("Apps you've authorized")}>
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-slate-500">
                {t('No apps yet. When you sign in to Splikz from an app, it shows here.')}
              </p>
            ) : (
              <ul className="flex flex-col divide-y divide-slate-100">
                {list.map((app) => (
                  <AppRow key={app.id} app={app} />
                ))}
              </ul>
            )
          }
        </Loaded>
      </SettingsSection>
    </SettingsPage>
  );
}

function AppRow({ app }: { app: AuthorizedApp }) {
  const { t } = useTranslation();
  const revoke = useRevokeApp();

  async function onRevoke() {
    try {
      await revoke.mutateAsync(app.id);
      toast.success(t('{{app}} can no longer use your account.', { app: app.name }));
    } catch (e) {
      toast.error((e as Error).message);
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-3 py-3" aria-label={app.name}>
      <AppWindow aria-hidden="true" className="h-6 w-6 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium text-slate-900">{app.name}</p>
        <p className="break-words text-sm text-slate-600">
          {t('Can: {{scopes}}', { scopes: app.scopes.join(', ') })}
        </p>
        <p className="text-sm text-slate-600">
          {t('Authorized')} <RelativeTime iso={app.authorized_at} />
          {' · '}
          {app.last_used_at ? (
            <>
              {t('Last used')} <RelativeTime iso={app.last_used_at} />
            </>
          ) : (
            t('Not used yet')
          )}
        </p>
      </div>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={revoke.isPending}
        onClick={onRevoke}
        aria-label={t('Revoke {{app}}', { app: app.name })}
      >
        {t('Revoke')}
      </button>
    </li>
  );
}
