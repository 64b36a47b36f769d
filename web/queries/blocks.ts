import type { BlockState, MemberList, MuteState } from '@common/schemas/blocks.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { notificationKeys } from './notifications.ts';
import { postKeys, retryServerErrors } from './postCache.ts';
import { profilePageKeys } from './profileCache.ts';

export const blockKeys = {
  blocks: ['blocks', 'list'] as const,
  mutes: ['mutes', 'list'] as const,
};

/** The viewer's Blocked accounts, newest first. */
export function useBlockedMembers() {
  return useQuery({
    queryKey: blockKeys.blocks,
    queryFn: ({ signal }) => api<MemberList>('/api/blocks', { signal }),
    retry: retryServerErrors,
  });
}

/** The viewer's Muted accounts, newest first. */
export function useMutedMembers() {
  return useQuery({
    queryKey: blockKeys.mutes,
    queryFn: ({ signal }) => api<MemberList>('/api/mutes', { signal }),
    retry: retryServerErrors,
  });
}

/**
 * Block or unblock. Everything of the two members changes (profiles, feeds, comments, follows,
 * notifications), so every view of them is refetched rather than patched.
 */
export function useBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, block }: { userId: string; block: boolean }) =>
      api<BlockState>(`/api/blocks/${encodeURIComponent(userId)}`, { method: block ? 'PUT' : 'DELETE' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: blockKeys.blocks });
      void queryClient.invalidateQueries({ queryKey: profilePageKeys.all });
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    },
  });
}

/** Mute or unmute: only the viewer's feeds change. */
export function useMute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, mute }: { userId: string; mute: boolean }) =>
      api<MuteState>(`/api/mutes/${encodeURIComponent(userId)}`, { method: mute ? 'PUT' : 'DELETE' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: blockKeys.mutes });
      void queryClient.invalidateQueries({ queryKey: postKeys.feeds() });
    },
  });
}
