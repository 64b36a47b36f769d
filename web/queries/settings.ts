import type {
  ChangePasswordInput,
  MemberPasskey,
  MemberSession,
  TwoFactorStatus,
} from '@common/schemas/auth.ts';
import type { Me } from '@common/schemas/profiles.ts';
import {
  type AccountSettings,
  type DataSummary,
  DEFAULT_PREFERENCES,
  type DeleteAccountInput,
  type Preferences,
  type PrivacySettings,
  type ProfileDetailsSettings,
  type UpdateAccountInput,
  type UpdateBioInput,
  type UpdatePreferencesInput,
  type UpdatePrivacyInput,
} from '@common/schemas/settings.ts';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { addPasskey } from '@web/api/passkeys.ts';
import { retryServerErrors } from './postCache.ts';
import { profilePageKeys } from './profileCache.ts';
import { sessionKeys } from './session.ts';

export const settingsKeys = {
  all: ['settings'] as const,
  account: () => ['settings', 'account'] as const,
  profileDetails: () => ['settings', 'profile-details'] as const,
  privacy: () => ['settings', 'privacy'] as const,
  preferences: () => ['settings', 'preferences'] as const,
  dataSummary: () => ['settings', 'data-summary'] as const,
  sessions: () => ['settings', 'sessions'] as const,
  twoFactor: () => ['settings', 'two-factor'] as const,
  passkeys: () => ['settings', 'passkeys'] as const,
};

export const DATA_DOWNLOAD_URL = '/api/settings/data?download=1';

const settingsQuery = <T>(queryKey: readonly string[], path: string) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => api<T>(path, { signal }),
    staleTime: 30_000,
    retry: retryServerErrors,
  });

function useSettingsQuery<T>(queryKey: readonly string[], path: string) {
  return useQuery(settingsQuery<T>(queryKey, path));
}

/** Name, username or bio changed: the header, drawer and profile page show it on their next look. */
function profileChanged(queryClient: QueryClient, profile: { username: string; full_name: string }) {
  queryClient.setQueryData<Me | null>(sessionKeys.me, (me) =>
    me ? { ...me, profile: { ...me.profile, ...profile } } : me,
  );
  void queryClient.invalidateQueries({ queryKey: profilePageKeys.all });
}

export const useAccountSettings = () =>
  useSettingsQuery<AccountSettings>(settingsKeys.account(), '/api/settings/account');

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAccountInput) =>
      api<AccountSettings>('/api/settings/account', { method: 'PATCH', body: input }),
    onSuccess: (account) => {
      queryClient.setQueryData(settingsKeys.account(), account);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.profileDetails() });
      profileChanged(queryClient, account);
    },
  });
}

export const useProfileDetailsSettings = () =>
  useSettingsQuery<ProfileDetailsSettings>(settingsKeys.profileDetails(), '/api/settings/profile-details');

export function useUpdateBio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateBioInput) =>
      api<ProfileDetailsSettings>('/api/settings/profile-details', { method: 'PATCH', body: input }),
    onSuccess: (details) => {
      queryClient.setQueryData(settingsKeys.profileDetails(), details);
      queryClient.setQueryData<Me | null>(sessionKeys.me, (me) =>
        me ? { ...me, profile: { ...me.profile, bio: details.bio } } : me,
      );
      void queryClient.invalidateQueries({ queryKey: profilePageKeys.all });
    },
  });
}

export const usePrivacySettings = () =>
  useSettingsQuery<PrivacySettings>(settingsKeys.privacy(), '/api/settings/privacy');

/**
 * 'Show Followers List' (/settings/privacy) and 'Who can message you' (/settings/privacy-checkup):
 * only the field changed is sent, applied on screen at once, and that field comes back if saving
 * fails (spec section 4); saves take turns.
 */
export function useUpdatePrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'settings-privacy' },
    mutationFn: (input: UpdatePrivacyInput) =>
      api<PrivacySettings>('/api/settings/privacy', { method: 'PATCH', body: input }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.privacy() });
      const previous = queryClient.getQueryData<PrivacySettings>(settingsKeys.privacy());
      if (previous) queryClient.setQueryData(settingsKeys.privacy(), { ...previous, ...input });
      return { previous };
    },
    onError: (_error, input, context) => {
      const previous = context?.previous;
      if (!previous) return;
      queryClient.setQueryData<PrivacySettings>(settingsKeys.privacy(), (current) => {
        if (!current) return previous;
        const undone = Object.fromEntries(
          Object.keys(input).map((key) => [key, previous[key as keyof PrivacySettings]]),
        );
        return { ...current, ...undone };
      });
    },
    onSuccess: (privacy) => {
      // The last save in the queue knows every change before it: the cache takes the server's word.
      const queued = queryClient.isMutating({ predicate: (m) => m.options.scope?.id === 'settings-privacy' });
      if (queued <= 1) queryClient.setQueryData(settingsKeys.privacy(), privacy);
      void queryClient.invalidateQueries({ queryKey: profilePageKeys.all });
    },
  });
}

export const preferencesQuery = () =>
  settingsQuery<Preferences>(settingsKeys.preferences(), '/api/settings/preferences');

export const usePreferences = () => useQuery(preferencesQuery());

/** Clips that play by themselves stay still for members who ask their system for less motion. */
export const prefersReducedMotion = () =>
  typeof window !== 'undefined' && Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);

export interface MediaPreferences {
  /** Videos start muted without a tap: 'Autoplay videos' on, 'Data saver' off, no reduced motion. */
  autoplay: boolean;
  /** 'Data saver': videos load nothing until played. */
  dataSaver: boolean;
  /** 'High quality images': a photo opened full size loads the original, not the feed-sized copy. */
  highQuality: boolean;
}

/**
 * The member's /settings/media choices as the media on every screen apply them. Nothing autoplays until
 * they are known; a video keyed on `autoplay` is made again then, since a later autoplay attribute does
 * not start one that has loaded, and taking it away does not stop one that plays.
 */
export function useMediaPreferences(): MediaPreferences {
  const loaded = usePreferences().data;
  const preferences = loaded ?? DEFAULT_PREFERENCES;
  return {
    autoplay:
      Boolean(loaded) && preferences.autoplay_videos && !preferences.data_saver && !prefersReducedMotion(),
    dataSaver: preferences.data_saver,
    highQuality: preferences.high_quality_images && !preferences.data_saver,
  };
}

/**
 * Each change is saved as it is made, one request at a time (scope), shown at once and undone if the
 * server refuses it. Only the changed field is sent, so two quick toggles never overwrite each other.
 */
export function useUpdatePreferences(onFailure: (error: Error) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'settings-preferences' },
    mutationFn: (input: UpdatePreferencesInput) =>
      api<Preferences>('/api/settings/preferences', { method: 'PATCH', body: input }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.preferences() });
      const previous = queryClient.getQueryData<Preferences>(settingsKeys.preferences());
      if (previous) queryClient.setQueryData(settingsKeys.preferences(), { ...previous, ...input });
      return { previous };
    },
    onError: (error, input, context) => {
      onFailure(error);
      // Undo only the fields this request changed: later toggles keep their own state.
      queryClient.setQueryData<Preferences>(settingsKeys.preferences(), (current) => {
        const previous = context?.previous;
        if (!current || !previous) return current;
        const undone = Object.fromEntries(
          Object.keys(input).map((key) => [key, previous[key as keyof Preferences]]),
        );
        return { ...current, ...undone };
      });
    },
    onSuccess: (saved) => {
      // The last save in the queue knows every change before it: the cache takes the server's word.
      const queued = queryClient.isMutating({
        predicate: (m) => m.options.scope?.id === 'settings-preferences',
      });
      if (queued <= 1) queryClient.setQueryData(settingsKeys.preferences(), saved);
    },
  });
}

export const useDataSummary = (enabled: boolean) =>
  useQuery({
    queryKey: settingsKeys.dataSummary(),
    queryFn: ({ signal }) => api<DataSummary>('/api/settings/data/summary', { signal }),
    enabled,
    staleTime: 0,
    retry: retryServerErrors,
  });

/** On success the browser's session is gone: the app forgets the member and everything it cached. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      api<{ deleted: true }>('/api/settings/delete-account', { method: 'POST', body: input }),
    onSuccess: () => {
      queryClient.setQueryData(sessionKeys.me, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    },
  });
}

/**
 * 'Change password' (issue 52): Better Auth checks the current password, signs out every other
 * session and gives this one a new cookie; the answer is not kept.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      api<unknown>('/api/auth/change-password', { method: 'POST', body: input }),
  });
}

/** "Where you're signed in" (issue 52): this device first, then the latest active. */
export function useSessions() {
  return useQuery({
    ...settingsQuery<MemberSession[]>(settingsKeys.sessions(), '/api/auth/sessions'),
    staleTime: 0,
  });
}

/** Ends one of the member's other sessions; the list drops it at once and is read again. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<null>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: (_data, _error, id) => {
      queryClient.setQueryData<MemberSession[]>(settingsKeys.sessions(), (list) =>
        list?.filter((session) => session.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() });
    },
  });
}

/** 'Sign out of all other sessions': every session but this browser's ends. */
export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ ended: number }>('/api/auth/sessions/sign-out-others', { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  });
}

/** Whether two-factor sign-in is on (issue 52). */
export function useTwoFactorStatus() {
  return useQuery(settingsQuery<TwoFactorStatus>(settingsKeys.twoFactor(), '/api/auth/two-factor'));
}

/** 'Turn on two-factor authentication', first step: the password gives a setup key and recovery codes. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) =>
      api<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', { body: { password } }),
  });
}

/** The code of the app that turns two-factor sign-in on. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api('/api/auth/two-factor/verify-totp', { body: { code } }),
    onSuccess: () => queryClient.setQueryData<TwoFactorStatus>(settingsKeys.twoFactor(), { enabled: true }),
  });
}

/** Turning it off: the password and a code of the app. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      api('/api/auth/two-factor/disable', { body: input }),
    onSuccess: () => queryClient.setQueryData<TwoFactorStatus>(settingsKeys.twoFactor(), { enabled: false }),
  });
}

/** The member's passkeys (issue 52): names and dates. */
export function usePasskeys() {
  return useQuery(settingsQuery<MemberPasskey[]>(settingsKeys.passkeys(), '/api/auth/passkeys'));
}

/** 'Add a passkey': the password, then the browser makes it; the list shows it at once. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string; name: string }) => addPasskey(input.password, input.name),
    onSuccess: (added) =>
      queryClient.setQueryData<MemberPasskey[]>(settingsKeys.passkeys(), (list) => [added, ...(list ?? [])]),
  });
}

/** Removes one of the member's passkeys; it signs nobody in again. */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<null>(`/api/auth/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: (_data, _error, id) => {
      queryClient.setQueryData<MemberPasskey[]>(settingsKeys.passkeys(), (list) =>
        list?.filter((passkey) => passkey.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: settingsKeys.passkeys() });
    },
  });
}
