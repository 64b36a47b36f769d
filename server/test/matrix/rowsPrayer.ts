import type { Visibility } from '@server/policies/prayer.ts';
import { v7 as uuidv7 } from 'uuid';
import type { Fixtures } from './fixtures.ts';
import { type HttpRow, members, type ViewerKind } from './table.ts';

// Prayer requests (issue 27). Each row acts on a fresh request of the owner's, for everyone, for the
// owner's friends (other is one) or for the owner only. blocked (whom the owner blocked) sees none.

/** A fresh prayer request of the owner's for `visibility` (or, `general`, a post for them: issue 51). */
export async function freshRequest(
  f: Fixtures,
  visibility: Visibility,
  category: 'prayer' | 'general' = 'prayer',
) {
  const prayer = category === 'prayer';
  const id = uuidv7();
  const now = new Date().toISOString();
  await f.db
    .insertInto('posts')
    .values({
      id,
      user_id: f.members.owner.id,
      profile_owner_id: null,
      category,
      content: `Matrix ${category} ${visibility}`,
      image_url: null,
      image_feed_url: null,
      media_id: null,
      media_type: 'none',
      prayer_type: prayer ? 'intercession' : null,
      food_category: null,
      recipe: null,
      feeling: null,
      location_name: null,
      location_lat: null,
      location_lng: null,
      visibility,
      expires_after_days: prayer ? 30 : null,
      expires_at: prayer ? new Date(Date.now() + 30 * 86_400_000).toISOString() : null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { post: id };
}

/** The request, and on the viewer's prayer list when the viewer is a member (for 'Remove'). */
const listed = (visibility: Visibility) => async (f: Fixtures, viewer: ViewerKind) => {
  const fresh = await freshRequest(f, visibility);
  if (viewer !== 'visitor') {
    await f.db
      .insertInto('prayer_list')
      .values({ user_id: f.members[viewer].id, post_id: fresh.post, added_at: new Date().toISOString() })
      .execute();
  }
  return fresh;
};

const VARIANTS: Array<{
  visibility: Visibility;
  variant: string;
  seenBy: Partial<Record<ViewerKind, true>> | 'all';
}> = [
  { visibility: 'everyone', variant: "the owner's request for everyone", seenBy: 'all' },
  {
    visibility: 'friends',
    variant: "the owner's request for friends (other is one)",
    seenBy: { owner: true, other: true },
  },
  { visibility: 'only_me', variant: "the owner's journal entry", seenBy: { owner: true } },
];

/** `status` for those who see the request, 404 for the rest (and blocked), `own` for the owner. */
function byAudience(seenBy: (typeof VARIANTS)[number]['seenBy'], status: number, own = status) {
  if (seenBy === 'all') return members(status, { blocked: 404, owner: own });
  return members(404, { ...(seenBy.other ? { other: status } : {}), owner: own });
}

const perRequest = (
  route: string,
  path: (id: string) => string,
  status: number,
  own: number,
  body?: () => unknown,
): HttpRow[] =>
  VARIANTS.map(({ visibility, variant, seenBy }) => ({
    route,
    variant,
    prepare: (f: Fixtures) => freshRequest(f, visibility),
    path: ({ fresh }) => path(fresh.post as string),
    ...(body ? { body } : {}),
    expect: byAudience(seenBy, status, own),
  }));

export const prayerRows: HttpRow[] = [
  { route: 'GET /api/prayer/urgent', path: () => '/api/prayer/urgent', expect: members(200) },
  { route: 'GET /api/prayer/answered', path: () => '/api/prayer/answered', expect: members(200) },
  { route: 'GET /api/prayer/journal', path: () => '/api/prayer/journal', expect: members(200) },
  { route: 'GET /api/prayer/list', path: () => '/api/prayer/list', expect: members(200) },
  {
    route: 'PUT /api/prayer/reminder',
    path: () => '/api/prayer/reminder',
    body: () => ({ time: '07:00', time_zone: 'UTC' }),
    expect: members(200),
  },
  // 'Pray for this': the author's own request is in their journal instead (400).
  ...perRequest('PUT /api/prayer/list/:id', (id) => `/api/prayer/list/${id}`, 204, 400),
  // 'Remove' works on the member's own list, whatever they can still see of it.
  {
    route: 'DELETE /api/prayer/list/:id',
    prepare: listed('friends'),
    path: ({ fresh }) => `/api/prayer/list/${fresh.post}`,
    expect: members(204),
  },
  // A request is saved by whoever may read it, the journal entry by its author alone.
  ...perRequest('PUT /api/posts/:id/bookmark', (id) => `/api/posts/${id}/bookmark`, 200, 200),
  ...perRequest('GET /api/posts/:id/updates', (id) => `/api/posts/${id}/updates`, 200, 200),
  ...perRequest(
    'PUT /api/posts/:id/prayer/follow',
    (id) => `/api/posts/${id}/prayer/follow`,
    200,
    200,
    () => ({
      following: false,
    }),
  ),
  // The author's own: others who see it are refused (403), the rest do not find it.
  ...perRequest(
    'POST /api/posts/:id/updates',
    (id) => `/api/posts/${id}/updates`,
    403,
    201,
    () => ({
      content: 'An update',
    }),
  ),
  ...perRequest(
    'POST /api/posts/:id/answered',
    (id) => `/api/posts/${id}/answered`,
    403,
    200,
    () => ({
      testimony: 'Answered',
    }),
  ),
  ...perRequest(
    'POST /api/posts/:id/renew',
    (id) => `/api/posts/${id}/renew`,
    403,
    200,
    () => ({}),
  ),
  ...perRequest(
    'PATCH /api/posts/:id/prayer',
    (id) => `/api/posts/${id}/prayer`,
    403,
    200,
    () => ({
      notify_prayed: false,
    }),
  ),
];
