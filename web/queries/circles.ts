import { rooms } from '@common/realtime.ts';
import type {
  ChatMessage,
  Circle,
  CircleMember,
  CircleOptions,
  CirclePage,
  CircleSource,
  CreateCircleInput,
  JoinRequest,
  LiveChange,
} from '@common/schemas/circles.ts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { useRealtimeEvent, useRoom } from '@web/realtime/hooks.ts';

/** FaithVerse circles: the live list, one circle's page, members, chat and requests. */
export const circleKeys = {
  all: ['circles'] as const,
  live: ['circles', 'live'] as const,
  page: (id: string) => ['circles', 'page', id] as const,
  members: (id: string) => ['circles', 'members', id] as const,
  chat: (id: string) => ['circles', 'chat', id] as const,
  requests: (id: string) => ['circles', 'requests', id] as const,
};

/**
 * The live list, kept current by the `circles:live` room while a screen shows it: a circle that
 * qualifies moves to the top, one that no longer does leaves (spec section 4). A load error leaves
 * an empty list (spec section 8: only logged).
 */
export function useLiveCircles() {
  const queryClient = useQueryClient();
  const room = useRoom(rooms.liveCircles());
  useRealtimeEvent('circles:live', (change) => applyLiveChange(queryClient, change));
  return useQuery({
    queryKey: circleKeys.live,
    queryFn: async ({ signal }) => {
      try {
        return await api<Circle[]>('/api/circles/live', { signal });
      } catch (error) {
        console.error('Could not load the live circles', error);
        return [];
      }
    },
    // Fetched once the room is joined, so no change falls between the fetch and the join (or at
    // once when the server refused the room: a list that does not update beats none).
    enabled: room.joined || room.error !== null,
    staleTime: 15_000,
  });
}

export function applyLiveChange(queryClient: QueryClient, { circle, listed }: LiveChange): void {
  queryClient.setQueryData<Circle[]>(circleKeys.live, (list) => {
    if (!list) return list;
    const others = list.filter((item) => item.id !== circle.id);
    return listed ? [circle, ...others] : others;
  });
}

/** What the Start a Circle form may offer on this server (up to 500 guests with a media server). */
export function useCircleOptions() {
  return useQuery({
    queryKey: ['circles', 'options'] as const,
    queryFn: ({ signal }) => api<CircleOptions>('/api/circles/options', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCreateCircle() {
  return useMutation({
    mutationFn: (input: CreateCircleInput) =>
      api<CirclePage>('/api/circles', { method: 'POST', body: input }),
  });
}

export function useCirclePage(id: string) {
  return useQuery({
    queryKey: circleKeys.page(id),
    queryFn: ({ signal }) => api<CirclePage>(`/api/circles/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
}

/** POSTs on one circle that answer with its page (join, ask to join, preview). */
export function useCirclePageAction(id: string, action: 'join' | 'requests' | 'preview') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<CirclePage>(`/api/circles/${encodeURIComponent(id)}/${action}`, { method: 'POST', body: {} }),
    onSuccess: (page) => queryClient.setQueryData(circleKeys.page(id), page),
  });
}

export function useCircleMembers(id: string, enabled: boolean) {
  return useQuery({
    queryKey: circleKeys.members(id),
    queryFn: ({ signal }) =>
      api<CircleMember[]>(`/api/circles/${encodeURIComponent(id)}/members`, { signal }),
    enabled,
  });
}

export function useCircleChat(id: string, enabled: boolean) {
  return useQuery({
    queryKey: circleKeys.chat(id),
    queryFn: ({ signal }) => api<ChatMessage[]>(`/api/circles/${encodeURIComponent(id)}/chat`, { signal }),
    enabled,
  });
}

/** Adds a chat message to the open chat once (it comes back both as the answer and from the room). */
export function addChatMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<ChatMessage[]>(circleKeys.chat(message.circle_id), (list) =>
    !list || list.some((m) => m.id === message.id) ? list : [...list, message].slice(-200),
  );
}

export function useSendChat(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api<ChatMessage>(`/api/circles/${encodeURIComponent(id)}/chat`, { method: 'POST', body: { content } }),
    onSuccess: (message) => addChatMessage(queryClient, message),
  });
}

export function useJoinRequests(id: string, enabled: boolean) {
  return useQuery({
    queryKey: circleKeys.requests(id),
    queryFn: ({ signal }) =>
      api<JoinRequest[]>(`/api/circles/${encodeURIComponent(id)}/requests`, { signal }),
    enabled,
  });
}

export function useDecideRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, approve }: { userId: string; approve: boolean }) =>
      api(
        `/api/circles/${encodeURIComponent(id)}/requests/${encodeURIComponent(userId)}/${approve ? 'approve' : 'decline'}`,
        {
          method: 'POST',
          body: {},
        },
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: circleKeys.requests(id) });
      void queryClient.invalidateQueries({ queryKey: circleKeys.members(id) });
    },
  });
}

/** The host's calls: live with a source, heartbeat, end. */
export const hostCalls = {
  goLive: (id: string, source: CircleSource) =>
    api<Circle>(`/api/circles/${encodeURIComponent(id)}/live`, {
      method: 'POST',
      body: { source_type: source },
    }),
  heartbeat: (id: string) =>
    api(`/api/circles/${encodeURIComponent(id)}/heartbeat`, { method: 'POST', body: {} }),
  end: (id: string) =>
    api<Circle>(`/api/circles/${encodeURIComponent(id)}/end`, { method: 'POST', body: {} }),
  /** The host's page is going away: a beacon survives the unload where a fetch may not. */
  endOnUnload: (id: string) => {
    const url = `/api/circles/${encodeURIComponent(id)}/end`;
    if (!navigator.sendBeacon?.(url))
      void fetch(url, { method: 'POST', keepalive: true, credentials: 'same-origin' });
  },
};

/** The stage of a circle carried by Janus: a raised hand, an invitation to speak, leaving the stage. */
export function useStageAction(circleId: string) {
  const queryClient = useQueryClient();
  const base = `/api/circles/${encodeURIComponent(circleId)}`;
  return useMutation({
    mutationFn: (
      action: { kind: 'hand'; raised: boolean } | { kind: 'stage'; userId: string; on: boolean },
    ) =>
      action.kind === 'hand'
        ? api(`${base}/hand`, { method: action.raised ? 'PUT' : 'DELETE', body: {} })
        : api(`${base}/stage/${encodeURIComponent(action.userId)}`, {
            method: action.on ? 'PUT' : 'DELETE',
            body: {},
          }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: circleKeys.members(circleId) }),
  });
}
