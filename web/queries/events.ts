import type {
  CommunityEvent,
  CreateEventInput,
  EventCategory,
  EventPage,
  EventTab,
  RsvpInput,
  UpdateEventInput,
} from '@common/schemas/events.ts';
import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { usePainted } from '@web/afterPaint.ts';
import { api } from '@web/api/client.ts';
import { useRealtimeEvent } from '@web/realtime/hooks.ts';
import { retryServerErrors } from './postCache.ts';
import { viewerTimeZone } from './timeZone.ts';

/** What /events filters by: a tab, a category, a local date, and a place (a city or ZIP, or a point). */
export interface EventFilters {
  tab: EventTab;
  category: EventCategory | null;
  /** 'YYYY-MM-DD' in the viewer's zone. */
  date: string | null;
  near: string | null;
  point: { lat: number; lng: number } | null;
}

/** The viewer's IANA zone: the list's dates and its `date` filter are days in it. */
export { viewerTimeZone };

/** Query keys of the Events screens. A detail is one occurrence ('next' when none was asked for). */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => ['events', 'list'] as const,
  list: (filters: EventFilters) => ['events', 'list', filters] as const,
  soon: () => ['events', 'soon'] as const,
  details: (id: string) => ['events', 'detail', id] as const,
  detail: (id: string, occurrence: string | null) => ['events', 'detail', id, occurrence ?? 'next'] as const,
};

export const eventPath = (id: string, rest = '') => `/api/events/${encodeURIComponent(id)}${rest}`;

/** GET /api/events with the filters that are set, in the viewer's zone, from `cursor` on. */
export function eventListPath(filters: EventFilters, cursor: string | null, tz = viewerTimeZone()): string {
  const params = new URLSearchParams({ tab: filters.tab, tz });
  if (filters.category) params.set('category', filters.category);
  if (filters.date) params.set('date', filters.date);
  if (filters.point) {
    params.set('lat', String(filters.point.lat));
    params.set('lng', String(filters.point.lng));
  } else if (filters.near) {
    params.set('near', filters.near);
  }
  if (cursor) params.set('cursor', cursor);
  return `/api/events?${params.toString()}`;
}

/** /events: one tab's events with the filters, a page at a time (Load more). */
export function useEvents(filters: EventFilters) {
  return useInfiniteQuery({
    queryKey: eventKeys.list(filters),
    queryFn: ({ pageParam, signal }) => api<EventPage>(eventListPath(filters, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: EventPage) => last.next_cursor,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

/** Home's 'Upcoming events': the next (at most 3) the member goes to or their groups hold. */
export function useSoonEvents() {
  return useQuery({
    queryKey: eventKeys.soon(),
    queryFn: ({ signal }) => api<EventPage>('/api/events/soon', { signal }),
    // Secondary on Home: asked for once the feed is on the screen (web/afterPaint.ts).
    enabled: usePainted(),
    staleTime: 60_000,
    retry: retryServerErrors,
  });
}

/**
 * An event as of one occurrence (a weekly event's start instant), or its next one. Picking another
 * date keeps the page on screen while it loads.
 */
export function useEvent(id: string, occurrence: string | null) {
  const queryClient = useQueryClient();
  // Moved up from the waitlist, cancelled or moved while the page is open: it loads again.
  useRealtimeEvent('event:changed', (change) => {
    if (change.event_id !== id) return;
    void queryClient.invalidateQueries({ queryKey: eventKeys.details(id) });
    void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: eventKeys.soon() });
  });
  return useQuery({
    queryKey: eventKeys.detail(id, occurrence),
    queryFn: ({ signal }) =>
      api<CommunityEvent>(
        eventPath(id, occurrence ? `?${new URLSearchParams({ occurrence }).toString()}` : ''),
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: retryServerErrors,
  });
}

/**
 * An answer that is the event as of one occurrence: it replaces every cached copy of that occurrence
 * (its page and the lists' cards); the lists and Home's box are asked again when next shown, since
 * the answer may move the event into or out of them.
 */
function rememberEvent(queryClient: QueryClient, event: CommunityEvent) {
  const same = (cached: CommunityEvent) => cached.id === event.id && cached.starts_at === event.starts_at;
  queryClient.setQueriesData<CommunityEvent>({ queryKey: eventKeys.details(event.id) }, (cached) =>
    cached && same(cached) ? event : cached,
  );
  queryClient.setQueriesData<InfiniteData<EventPage>>({ queryKey: eventKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            events: page.events.map((cached) => (same(cached) ? event : cached)),
          })),
        }
      : data,
  );
  void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: eventKeys.soon() });
}

/** After an edit or a cancel every occurrence changed: the other cached ones are asked again. */
function forgetOtherOccurrences(queryClient: QueryClient, event: CommunityEvent) {
  void queryClient.invalidateQueries({
    queryKey: eventKeys.details(event.id),
    predicate: (query) => (query.state.data as CommunityEvent | undefined)?.starts_at !== event.starts_at,
  });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateEventInput) => api<CommunityEvent>('/api/events', { body: input }),
    onSuccess: (event) => {
      queryClient.setQueryData(eventKeys.detail(event.id, null), event);
      rememberEvent(queryClient, event);
    },
  });
}

/** Edit (the host and the group's admins): the whole form again. */
export function useUpdateEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateEventInput) =>
      api<CommunityEvent>(eventPath(id), { method: 'PUT', body: input }),
    onSuccess: (event) => {
      // A new time moves the occurrences: the page without ?occurrence= shows the answer.
      queryClient.setQueryData(eventKeys.detail(event.id, null), event);
      rememberEvent(queryClient, event);
      forgetOtherOccurrences(queryClient, event);
    },
  });
}

export function useCancelEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api<CommunityEvent>(eventPath(id, '/cancel'), { method: 'POST', body: { reason } }),
    onSuccess: (event) => {
      rememberEvent(queryClient, event);
      forgetOtherOccurrences(queryClient, event);
    },
  });
}

/** Going, Interested, Not going (with guests), for one occurrence: the answer is the event again. */
export function useRsvp(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RsvpInput) =>
      api<CommunityEvent>(eventPath(id, '/rsvp'), { method: 'PUT', body: input }),
    onSuccess: (event) => rememberEvent(queryClient, event),
  });
}

/** Message attendees (at most EVENT_MESSAGES_PER_DAY a day): one bell line and an email each. */
export function useMessageAttendees(id: string) {
  return useMutation({
    mutationFn: (text: string) => api<null>(eventPath(id, '/messages'), { method: 'POST', body: { text } }),
  });
}
