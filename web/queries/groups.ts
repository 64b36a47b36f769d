import type {
  CreateGroupInput,
  Group,
  GroupCategory,
  GroupList,
  GroupMembers,
  GroupPostsPage,
  GroupStandingAnswer,
  UpdateGroupInput,
} from '@common/schemas/groups.ts';
import type { Post } from '@common/schemas/posts.ts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import {
  type GroupRequest,
  groupListPath,
  groupPath,
  groupPostsPath,
  type MemberAction,
  memberActionRequest,
} from './groupRequests.ts';
import { findCachedPost, type GroupFeedKind, postKeys, retryServerErrors } from './postCache.ts';

export type { MemberAction } from './groupRequests.ts';

/** Query keys of the Groups screens (a group's posts live under postKeys.groupFeed, with the feeds). */
export const groupKeys = {
  all: ['groups'] as const,
  lists: () => ['groups', 'list'] as const,
  list: (q: string, category: GroupCategory | null) => ['groups', 'list', q, category ?? 'all'] as const,
  detail: (slug: string) => ['groups', 'detail', slug] as const,
  members: (slug: string) => ['groups', 'members', slug] as const,
};

const send = <T>(request: GroupRequest) =>
  api<T>(request.path, { method: request.method, body: request.body });

/** /groups: the viewer's groups and the ones to discover, by the (debounced) search and category. */
export function useGroupList(q: string, category: GroupCategory | null) {
  return useQuery({
    queryKey: groupKeys.list(q, category),
    queryFn: ({ signal }) => api<GroupList>(groupListPath(q, category), { signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

export function useGroup(slug: string, enabled = true) {
  return useQuery({
    queryKey: groupKeys.detail(slug),
    queryFn: ({ signal }) => api<Group>(groupPath(slug), { signal }),
    enabled,
    staleTime: 30_000,
    retry: retryServerErrors,
  });
}

/**
 * A group's posts, newest first, or its prayer requests. The first page's pinned post is kept as the
 * post's own cache entry, where likes and edits reach it (the page shows it from there).
 */
export function useGroupPosts(group: Pick<Group, 'id' | 'slug'>, kind: GroupFeedKind, enabled: boolean) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: postKeys.groupFeed(group.id, kind),
    queryFn: async ({ pageParam, signal }) => {
      const page = await api<GroupPostsPage>(groupPostsPath(group.slug, kind, pageParam), { signal });
      if (page.pinned) queryClient.setQueryData<Post>(postKeys.detail(page.pinned.id), page.pinned);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: GroupPostsPage) => last.next_cursor,
    enabled,
    staleTime: 30_000,
    retry: retryServerErrors,
  });
}

export function useGroupMembers(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.members(slug),
    queryFn: ({ signal }) => api<GroupMembers>(groupPath(slug, '/members'), { signal }),
    enabled,
    staleTime: 30_000,
    retry: retryServerErrors,
  });
}

/** An answer that is the whole group: it replaces the cached one, and the lists are asked again. */
function useGroupAnswer() {
  const queryClient = useQueryClient();
  return (group: Group) => {
    queryClient.setQueryData(groupKeys.detail(group.slug), group);
    void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
  };
}

export function useCreateGroup() {
  const remember = useGroupAnswer();
  return useMutation({
    mutationFn: (input: CreateGroupInput) => api<Group>('/api/groups', { body: input }),
    onSuccess: remember,
  });
}

/** Edit group (admins; the address the owner only). A new address leaves the old one's cache. */
export function useUpdateGroup(slug: string) {
  const queryClient = useQueryClient();
  const remember = useGroupAnswer();
  return useMutation({
    mutationFn: (input: UpdateGroupInput) => api<Group>(groupPath(slug), { method: 'PATCH', body: input }),
    onSuccess: (group) => {
      remember(group);
      if (group.slug !== slug) queryClient.removeQueries({ queryKey: groupKeys.detail(slug) });
      // Its posts carry its name ('in {name}').
      void queryClient.invalidateQueries({ queryKey: postKeys.feeds() });
    },
  });
}

export function useDeleteGroup(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<null>(groupPath(slug), { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: groupKeys.detail(slug) });
      queryClient.removeQueries({ queryKey: groupKeys.members(slug) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: postKeys.feeds() });
    },
  });
}

/**
 * Join (or ask to, or accept an invitation) and leave (or cancel a request, or decline an invitation).
 * Where the viewer stands changes what the page shows: the group, its lists and its posts are asked again.
 */
export function useGroupStanding(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'join' | 'leave') =>
      api<GroupStandingAnswer>(groupPath(slug, action === 'join' ? '/join' : '/membership'), {
        method: action === 'join' ? 'POST' : 'DELETE',
      }),
    onSuccess: async ({ standing }) => {
      queryClient.setQueryData<Group>(groupKeys.detail(slug), (group) =>
        group ? { ...group, viewer: { ...group.viewer, standing } } : group,
      );
      void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: groupKeys.members(slug) });
      void queryClient.invalidateQueries({ queryKey: postKeys.feeds() });
      await queryClient.invalidateQueries({ queryKey: groupKeys.detail(slug) });
    },
  });
}

export function useGroupNotify(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notify: 'all' | 'off') =>
      api<Group>(groupPath(slug, '/notify'), { method: 'PUT', body: { notify } }),
    onSuccess: (group) => queryClient.setQueryData(groupKeys.detail(group.slug), group),
  });
}

/** Approve, decline, invite, make or remove an admin, remove, ban, unban: each answers the lists. */
export function useGroupMemberAction(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MemberAction) => send<GroupMembers>(memberActionRequest(slug, action)),
    onSuccess: (members) => {
      queryClient.setQueryData(groupKeys.members(slug), members);
      // The member count changes with approvals, removals and bans.
      void queryClient.invalidateQueries({ queryKey: groupKeys.detail(slug) });
    },
  });
}

/** Make owner: the group goes to another member, and the owner becomes an admin. */
export function useTransferGroup(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api<Group>(groupPath(slug, '/owner'), { method: 'POST', body: { user_id: userId } }),
    onSuccess: (group) => {
      queryClient.setQueryData(groupKeys.detail(group.slug), group);
      void queryClient.invalidateQueries({ queryKey: groupKeys.members(slug) });
    },
  });
}

/** Pin post / Unpin (admins). The pinned post is shown from its own cache entry, or asked for. */
export function usePinGroupPost(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string | null) =>
      postId
        ? api<Group>(groupPath(slug, '/pin'), { method: 'PUT', body: { post_id: postId } })
        : api<Group>(groupPath(slug, '/pin'), { method: 'DELETE' }),
    onSuccess: (group, postId) => {
      // The pinned post shows from its own entry: the feed's copy spares asking for it.
      const cached = postId ? findCachedPost(queryClient, postId) : undefined;
      if (cached && !queryClient.getQueryData(postKeys.detail(cached.id)))
        queryClient.setQueryData(postKeys.detail(cached.id), cached);
      queryClient.setQueryData(groupKeys.detail(group.slug), group);
    },
  });
}
