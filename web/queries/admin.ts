import type {
  AdminContactMessagesPage,
  AdminGroupsPage,
  AdminMembersPage,
  AdminShow,
  AdminShowsPage,
  AuditPage,
  ShowInput,
} from '@common/schemas/admin.ts';
import type { Announcement, AnnouncementInput, AnnouncementList } from '@common/schemas/announcements.ts';
import type { ModerationResult, ReportsPage } from '@common/schemas/reports.ts';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { circleKeys } from './circles.ts';
import { postKeys, retryServerErrors } from './postCache.ts';
import { profilePageKeys } from './profileCache.ts';

export const adminKeys = {
  all: ['admin'] as const,
  access: ['admin', 'access'] as const,
  members: (q: string) => ['admin', 'members', q] as const,
  membersAll: ['admin', 'members'] as const,
  messages: ['admin', 'messages'] as const,
  shows: ['admin', 'shows'] as const,
  audit: ['admin', 'audit'] as const,
  groupsAll: ['admin', 'groups'] as const,
  announcements: ['admin', 'announcements'] as const,
  reportsAll: ['admin', 'reports'] as const,
  reports: (status: ReportQueue) => ['admin', 'reports', status] as const,
};

/** The moderation queue's two lists: reports waiting for an admin, and those already handled. */
export type ReportQueue = 'open' | 'resolved';
export type ModerationAction = 'dismiss' | 'remove' | 'suspend';

const withCursor = (path: string, cursor: string | null, params: Record<string, string> = {}) => {
  const search = new URLSearchParams(params);
  if (cursor) search.set('cursor', cursor);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
};

/** The screen's access check: asked afresh on every visit, never retried (a 403 is the answer). */
export function useAdminAccess() {
  return useQuery({
    queryKey: adminKeys.access,
    queryFn: ({ signal }) => api<{ admin: true }>('/api/admin/access', { signal }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useAdminMembers(q: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.members(q),
    queryFn: ({ pageParam, signal }) =>
      api<AdminMembersPage>(withCursor('/api/admin/members', pageParam, q ? { q } : {}), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    retry: retryServerErrors,
  });
}

/** Deletes a member; the row leaves every loaded list at once and the totals drop by one. */
export function useDeleteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ deleted: true }>(`/api/admin/members/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      queryClient.setQueriesData<InfiniteData<AdminMembersPage>>(
        { queryKey: adminKeys.membersAll },
        (data) => {
          if (!data) return data;
          const found = data.pages.some((page) => page.members.some((m) => m.id === id));
          return {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              total: Math.max(0, page.total - 1),
              matching: found ? Math.max(0, page.matching - 1) : page.matching,
              members: page.members.filter((m) => m.id !== id),
            })),
          };
        },
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}

export function useSetAdminRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, admin }: { id: string; admin: boolean }) =>
      api<{ is_admin: boolean }>(`/api/admin/members/${encodeURIComponent(id)}/admin-role`, {
        method: admin ? 'PUT' : 'DELETE',
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.membersAll });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}

export function useContactMessages() {
  return useInfiniteQuery({
    queryKey: adminKeys.messages,
    queryFn: ({ pageParam, signal }) =>
      api<AdminContactMessagesPage>(withCursor('/api/admin/messages', pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    retry: retryServerErrors,
  });
}

export function useAdminShows() {
  return useInfiniteQuery({
    queryKey: adminKeys.shows,
    queryFn: ({ pageParam, signal }) =>
      api<AdminShowsPage>(withCursor('/api/admin/shows', pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    retry: retryServerErrors,
  });
}

/** After any change to shows: the admin list, the audit log and 'Find Shows' on /comedy refetch. */
function useShowsChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.shows });
    void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    void queryClient.invalidateQueries({ queryKey: postKeys.comedyShows('').slice(0, 1) });
  };
}

export function useSaveShow() {
  const changed = useShowsChanged();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ShowInput }) =>
      id
        ? api<AdminShow>(`/api/admin/shows/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
        : api<AdminShow>('/api/admin/shows', { method: 'POST', body: input }),
    onSuccess: changed,
  });
}

export function useDeleteShow() {
  const changed = useShowsChanged();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ deleted: true }>(`/api/admin/shows/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit,
    queryFn: ({ pageParam, signal }) => api<AuditPage>(withCursor('/api/admin/audit', pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    retry: retryServerErrors,
  });
}

export function useReports(status: ReportQueue) {
  return useInfiniteQuery({
    queryKey: adminKeys.reports(status),
    queryFn: ({ pageParam, signal }) =>
      api<ReportsPage>(withCursor('/api/admin/reports', pageParam, { status }), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    retry: retryServerErrors,
  });
}

/**
 * After a moderation action the queue, the members list (suspended badges) and the audit log refetch;
 * so does whatever this admin's tab shows of members' content, as a removal or a suspension hides it.
 */
function useModerationChanged() {
  const queryClient = useQueryClient();
  return ({ contentChanged }: { contentChanged: boolean }) => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.reportsAll });
    void queryClient.invalidateQueries({ queryKey: adminKeys.membersAll });
    void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    if (!contentChanged) return;
    void queryClient.invalidateQueries({ queryKey: postKeys.all });
    void queryClient.invalidateQueries({ queryKey: profilePageKeys.all });
    void queryClient.invalidateQueries({ queryKey: circleKeys.all });
  };
}

/**
 * Dismiss a report, remove what it is about, or suspend the member responsible. Every open report on
 * the same thing closes with it. The queue refetches even on failure: a 409 means another admin has
 * handled it meanwhile, and the list should say so.
 */
export function useModerate(action: ModerationAction) {
  const changed = useModerationChanged();
  return useMutation({
    mutationFn: (reportId: string) =>
      api<ModerationResult>(`/api/admin/reports/${encodeURIComponent(reportId)}/${action}`, {
        method: 'POST',
      }),
    onSettled: () => changed({ contentChanged: action !== 'dismiss' }),
  });
}

function useMemberAction<T>(action: 'suspend' | 'restore') {
  const changed = useModerationChanged();
  return useMutation({
    mutationFn: (memberId: string) =>
      api<T>(`/api/admin/members/${encodeURIComponent(memberId)}/${action}`, { method: 'POST' }),
    onSuccess: () => changed({ contentChanged: true }),
  });
}

/** Suspends a member: no sign-in, sessions and sockets end, content hidden until restored. */
export const useSuspendMember = () => useMemberAction<ModerationResult>('suspend');

/** Lets a suspended member sign in again; their content shows again. */
export const useRestoreMember = () => useMemberAction<{ suspended: false }>('restore');

/** Updates: the announcements admins sent, newest first, with how many members each reached so far. */
export function useAnnouncements() {
  return useQuery({
    queryKey: adminKeys.announcements,
    queryFn: ({ signal }) => api<AnnouncementList>('/api/admin/announcements', { signal }),
    retry: retryServerErrors,
    // Sending takes a moment: the counts catch up while the panel is open.
    refetchInterval: (query) => (query.state.data?.announcements.some((a) => !a.finished_at) ? 3000 : false),
  });
}

export function useSendAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnnouncementInput) =>
      api<Announcement>('/api/admin/announcements', { method: 'POST', body: input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.announcements });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}

/** The Groups tab: every group (secret ones too) by name or address. */
export function useAdminGroups(q: string) {
  return useQuery({
    queryKey: [...adminKeys.groupsAll, q] as const,
    queryFn: ({ signal }) =>
      api<AdminGroupsPage>(q ? `/api/admin/groups?${new URLSearchParams({ q })}` : '/api/admin/groups', {
        signal,
      }),
    retry: retryServerErrors,
  });
}

/** Deletes a group with everything in it; the audit log gains its line. */
export function useDeleteGroupAsAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ deleted: true }>(`/api/admin/groups/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.groupsAll });
      await queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}
