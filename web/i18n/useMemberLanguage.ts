import type { Language } from '@common/options.ts';
import type { Me } from '@common/schemas/profiles.ts';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { sessionKeys } from '@web/queries/session.ts';
import { useEffect } from 'react';
import { i18n, showLanguage } from './i18n.ts';
import { isLanguage } from './languages.ts';

/**
 * The member's language follows them to every device: once the session is known it replaces this
 * browser's guess. A member with none saved yet (a new account) keeps the language they signed up in,
 * which is saved for them, so their other devices show it too.
 */
export function useMemberLanguage(me: Me | null | undefined) {
  const queryClient = useQueryClient();
  const saved = me?.language;
  const signedIn = Boolean(me);
  useEffect(() => {
    if (!signedIn) return;
    if (saved) {
      void showLanguage(saved);
      return;
    }
    const shown = i18n.language;
    if (!isLanguage(shown)) return;
    api('/api/settings/preferences', { method: 'PATCH', body: { language: shown } }).then(
      () =>
        queryClient.setQueryData<Me | null>(sessionKeys.me, (m) =>
          m ? { ...m, language: shown as Language } : m,
        ),
      () => {
        // Not saved this time: the next page load tries again.
      },
    );
  }, [signedIn, saved, queryClient]);
}
