import type { AuthorizationRequest } from '@common/schemas/oauth.ts';
import { FullScreenSpinner } from '@web/components/Spinner.tsx';
import { useDocumentTitle } from '@web/components/useDocumentTitle.ts';
import { msg } from '@web/i18n/msg.ts';
import { useAuthorizationPrompt, useDecideAuthorization } from '@web/queries/oauth.ts';
import { useSession } from '@web/queries/session.ts';
import { buttonClass, cardClass, inputClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { Copy, ShieldCheck } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { toast } from 'sonner';

/** What each scope lets an app do, in plain words (the broad ones; a part reads as its area). */
const SCOPE_WORDS: Record<string, string> = {
  read: msg('See your feed, profile, friends and notifications'),
  write: msg('Post, comment, like, share and change your profile for you'),
  follow: msg('Follow, unfollow, block and mute members for you'),
  push: msg('Send you push notifications'),
  profile: msg('See your name, username and profile picture'),
};
const AREA_WORDS: Record<string, string> = {
  accounts: msg('profiles'),
  blocks: msg('blocked members'),
  bookmarks: msg('saved posts'),
  conversations: msg('conversations'),
  favourites: msg('liked posts'),
  filters: msg('filters'),
  follows: msg('follows'),
  lists: msg('lists'),
  media: msg('photos and videos'),
  mutes: msg('muted members'),
  notifications: msg('notifications'),
  reports: msg('reports'),
  search: msg('search'),
  statuses: msg('posts'),
};

function useScopeWords() {
  const { t } = useTranslation();
  return (scope: string) => {
    const whole = SCOPE_WORDS[scope];
    if (whole) return t(whole);
    const [kind, area = ''] = scope.split(':');
    const what = AREA_WORDS[area] ? t(AREA_WORDS[area]!) : area;
    return kind === 'read' ? t('See your {{what}}', { what }) : t('Change your {{what}}', { what });
  };
}

const FIELDS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const;

/**
 * /oauth/authorize (issue 53): an app (Tusky, Ivory, toot…) asks to use the member's account. The
 * member sees the app's name and what it asks for, and answers 'Authorize' or 'Deny'; a signed-out
 * visitor signs in first and comes back here. An out-of-band app's code is shown to copy.
 */
export default function AuthorizeScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('Authorize an app'));
  const location = useLocation();
  const session = useSession();
  const request = useMemo(() => {
    const params = new URLSearchParams(location.search);
    const asked: Record<string, string> = {};
    for (const field of FIELDS) {
      const value = params.get(field);
      if (value !== null) asked[field] = value;
    }
    return { client_id: '', ...asked } as AuthorizationRequest;
  }, [location.search]);
  const prompt = useAuthorizationPrompt(request, Boolean(session.data));
  const decide = useDecideAuthorization();
  const [code, setCode] = useState<string | null>(null);
  const [denied, setDenied] = useState(false);
  const words = useScopeWords();

  if (session.isPending) return <FullScreenSpinner />;
  if (!session.data) {
    return (
      <Navigate to={`/auth?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`} replace />
    );
  }

  async function answer(approve: boolean) {
    try {
      const outcome = await decide.mutateAsync({ request, approve });
      if ('redirect_to' in outcome) window.location.assign(outcome.redirect_to);
      else if ('code' in outcome) setCode(outcome.code);
      else setDenied(true);
    } catch (e) {
      toast.error((e as Error).message);
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(code ?? '');
      toast.success(t('Code copied.'));
    } catch {
      toast.error(t('Could not copy. Select the code and copy it yourself.'));
    }
  }

  let body: ReactNode;
  if (prompt.isPending) body = <p className="text-slate-600">{t('Loading...')}</p>;
  else if (prompt.isError)
    body = (
      <div role="alert" className="flex flex-col gap-2">
        <h1 className="text-xl font-bold text-slate-900">{t('This app cannot be authorized')}</h1>
        <p className="text-slate-700">{prompt.error.message}</p>
      </div>
    );
  else if (code)
    body = (
      <div className="flex flex-col gap-3">
        <h1 className="text-xl font-bold text-slate-900">{t('Your authorization code')}</h1>
        <p className="text-slate-600">
          {t('Copy this code and paste it into {{app}}.', { app: prompt.data.app.name })}
        </p>
        <div className="flex gap-2">
          <label htmlFor="oauth-code" className="sr-only">
            {t('Authorization code')}
          </label>
          <input
            id="oauth-code"
            readOnly
            value={code}
            className={`${inputClass} font-mono`}
            onFocus={(e) => e.target.select()}
          />
          <button type="button" className={secondaryButtonClass} onClick={copy} aria-label={t('Copy code')}>
            <Copy aria-hidden="true" className="h-4 w-4" />
            <span className="ml-1">{t('Copy')}</span>
          </button>
        </div>
      </div>
    );
  else if (denied)
    body = (
      <p role="status" className="text-slate-700">
        {t('You denied {{app}} access to your account. You can close this page.', {
          app: prompt.data.app.name,
        })}
      </p>
    );
  else
    body = (
      <div className="flex flex-col gap-4">
        <div className="flex items-start gap-3">
          <ShieldCheck aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-brand-600" />
          <h1 className="text-xl font-bold text-slate-900 break-words">
            {t('{{app}} wants to use your Splikz account', { app: prompt.data.app.name })}
          </h1>
        </div>
        {prompt.data.app.website ? (
          <p className="text-sm text-slate-600 break-all">{prompt.data.app.website}</p>
        ) : null}
        <div>
          <p className="font-medium text-slate-800">{t('It will be able to:')}</p>
          <ul className="mt-2 flex list-disc flex-col gap-1 pl-6 text-slate-700">
            {prompt.data.scopes.map((scope) => (
              <li key={scope}>{words(scope)}</li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-slate-500">
          {t('Signed in as @{{username}}. You can revoke this any time in Settings, Apps.', {
            username: session.data.profile.username,
          })}
        </p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className={buttonClass}
            disabled={decide.isPending}
            onClick={() => answer(true)}
          >
            {t('Authorize')}
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={decide.isPending}
            onClick={() => answer(false)}
          >
            {t('Deny')}
          </button>
        </div>
      </div>
    );

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md">
        <p className="mb-6 text-center text-4xl font-extrabold tracking-tight text-brand-600">Splikz</p>
        <div className={`${cardClass} p-6 sm:p-8`}>{body}</div>
      </div>
    </main>
  );
}
