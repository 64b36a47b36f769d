import type {
  AuthorizationOutcome,
  AuthorizationPrompt,
  AuthorizationRequest,
  AuthorizedApp,
} from '@common/schemas/oauth.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';

export const oauthKeys = {
  prompt: (request: AuthorizationRequest) => ['oauth', 'prompt', request] as const,
  apps: () => ['settings', 'apps'] as const,
};

/** What the app on /oauth/authorize asks for, checked by the server (a 400 says what is wrong). */
export function useAuthorizationPrompt(request: AuthorizationRequest, enabled: boolean) {
  const query = new URLSearchParams(
    Object.entries(request).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return useQuery({
    queryKey: oauthKeys.prompt(request),
    queryFn: ({ signal }) => api<AuthorizationPrompt>(`/api/oauth/authorization?${query}`, { signal }),
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** 'Authorize' or 'Deny': the answer says where the browser goes, or the code to show. */
export function useDecideAuthorization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { request: AuthorizationRequest; approve: boolean }) =>
      api<AuthorizationOutcome>('/api/oauth/authorization', { method: 'POST', body: decision }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: oauthKeys.apps() }),
  });
}

/** "Apps you've authorized" (issue 53). */
export function useAuthorizedApps() {
  return useQuery({
    queryKey: oauthKeys.apps(),
    queryFn: ({ signal }) => api<AuthorizedApp[]>('/api/settings/apps', { signal }),
    staleTime: 0,
  });
}

/** 'Revoke': the app's next call is refused; the list drops it at once and is read again. */
export function useRevokeApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<null>(`/api/settings/apps/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: (_data, _error, id) => {
      queryClient.setQueryData<AuthorizedApp[]>(oauthKeys.apps(), (list) =>
        list?.filter((app) => app.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: oauthKeys.apps() });
    },
  });
}
