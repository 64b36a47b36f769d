import type { Fixtures } from './fixtures.ts';
import { type HttpRow, members } from './table.ts';

// The owner's profile, posts and comments, and the ties members make with the owner (follow, block,
// mute). Reading what the owner shows: every member but the blocked one, who finds nothing (404).
// Acting on it: refused with a 403 and a sentence to the blocked member (BLOCK_MESSAGES); changing
// or deleting it: the owner alone (admins remove content through reports, not through these).

/** Sets whether the owner's followers and following lists are shown to others. */
const ownerListsVisible = (f: Fixtures, visible: boolean) =>
  f.db
    .updateTable('profiles')
    .set({ followers_visible: visible })
    .where('id', '=', f.members.owner.id)
    .execute();

const restoreTies = (f: Fixtures) => f.restoreTies();

function followLists(): HttpRow[] {
  return (['followers', 'following'] as const).flatMap((direction): HttpRow[] => [
    {
      route: `GET /api/profiles/:id/${direction}`,
      variant: 'lists shown',
      path: ({ f }) => `/api/profiles/${f.members.owner.id}/${direction}`,
      expect: members(200, { blocked: 404 }),
    },
    {
      route: `GET /api/profiles/:id/${direction}`,
      variant: 'lists hidden by the owner',
      path: ({ f }) => `/api/profiles/${f.members.owner.id}/${direction}`,
      prepare: async (f) => {
        await ownerListsVisible(f, false);
        return {};
      },
      after: (f) => ownerListsVisible(f, true).then(() => undefined),
      expect: members(403, { owner: 200, blocked: 404 }),
    },
  ]);
}

/** PUT and DELETE /api/<ties>/:userId naming the owner: anyone may, except the owner themself. */
function ties(kind: 'follows' | 'blocks' | 'mutes'): HttpRow[] {
  return (['PUT', 'DELETE'] as const).map((method) => ({
    route: `${method} /api/${kind}/:userId`,
    variant: 'the owner',
    path: ({ f }) => `/api/${kind}/${f.members.owner.id}`,
    phase: 'ties',
    after: restoreTies,
    // Only following needs the other side's consent: a blocked member cannot follow the owner.
    expect: members(200, { owner: 400, ...(kind === 'follows' && method === 'PUT' ? { blocked: 403 } : {}) }),
  }));
}

export const socialRows: HttpRow[] = [
  {
    route: 'GET /api/profiles/by-username/:username',
    variant: "the owner's",
    path: ({ f }) => `/api/profiles/by-username/${f.members.owner.username}`,
    expect: members(200, { blocked: 404 }),
  },
  {
    route: 'GET /api/profiles/:id/posts',
    variant: "the owner's",
    path: ({ f }) => `/api/profiles/${f.members.owner.id}/posts`,
    expect: members(200, { blocked: 404 }),
  },
  ...followLists(),
  {
    route: 'GET /api/posts/:id',
    variant: "the owner's",
    path: ({ f }) => `/api/posts/${f.post}`,
    expect: members(200, { blocked: 404 }),
  },
  {
    route: 'PATCH /api/posts/:id',
    variant: "the owner's",
    path: ({ f }) => `/api/posts/${f.post}`,
    body: () => ({ content: 'Edited' }),
    expect: members(403, { owner: 200 }),
  },
  {
    route: 'DELETE /api/posts/:id',
    variant: "the owner's",
    prepare: async (f) => ({ post: await f.fresh.post() }),
    path: ({ fresh }) => `/api/posts/${fresh.post}`,
    expect: members(403, { owner: 204 }),
  },
  {
    route: 'PUT /api/posts/:id/like',
    variant: "the owner's",
    path: ({ f }) => `/api/posts/${f.post}/like`,
    expect: members(200, { blocked: 403 }),
  },
  {
    route: 'DELETE /api/posts/:id/like',
    variant: "the owner's",
    path: ({ f }) => `/api/posts/${f.post}/like`,
    // Taking back one's own like (from before the block) is left to anyone.
    expect: members(200),
  },
  {
    route: 'PUT /api/posts/:id/prayed',
    variant: "the owner's prayer request",
    path: ({ f }) => `/api/posts/${f.prayerRequest}/prayed`,
    expect: members(200, { blocked: 404 }),
  },
  {
    route: 'DELETE /api/posts/:id/prayed',
    variant: "the owner's prayer request",
    path: ({ f }) => `/api/posts/${f.prayerRequest}/prayed`,
    expect: members(200, { blocked: 404 }),
  },
  {
    route: 'POST /api/posts/:id/shares',
    variant: "the owner's",
    path: ({ f }) => `/api/posts/${f.post}/shares`,
    expect: members(200, { blocked: 403 }),
  },
  {
    route: 'POST /api/posts/:id/views',
    variant: "the owner's",
    path: ({ f }) => `/api/posts/${f.post}/views`,
    expect: members(200, { blocked: 403 }),
  },
  {
    route: 'GET /api/posts/:id/comments',
    variant: "the owner's post",
    path: ({ f }) => `/api/posts/${f.post}/comments`,
    expect: members(200, { blocked: 404 }),
  },
  {
    route: 'POST /api/posts/:id/comments',
    variant: "the owner's post",
    path: ({ f }) => `/api/posts/${f.post}/comments`,
    body: () => ({ content: 'Nice' }),
    expect: members(201, { blocked: 403 }),
  },
  {
    route: 'DELETE /api/comments/:id',
    variant: "the owner's",
    prepare: async (f) => ({ comment: await f.fresh.comment() }),
    path: ({ fresh }) => `/api/comments/${fresh.comment}`,
    expect: members(403, { owner: 204 }),
  },
  ...ties('follows'),
  ...ties('blocks'),
  ...ties('mutes'),
];
