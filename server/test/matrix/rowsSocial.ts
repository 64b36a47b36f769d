import type { Fixtures } from './fixtures.ts';
import { freshRequest } from './rowsPrayer.ts';
import { type HttpRow, members } from './table.ts';

// The owner's profile, posts and comments, and the ties members make with the owner (follow, block,
// mute). To the blocked member the owner and everything of theirs does not exist: reading it,
// acting on it (liking, praying, commenting, sharing, following), changing it and taking back one's
// own like or prayer all find nothing (404). To everyone else, changing or deleting it is the
// owner's alone (403; admins remove content through reports, not through these).

/** Sets whether the owner's followers and following lists are shown to others. */
const ownerListsVisible = (f: Fixtures, visible: boolean) =>
  f.db
    .updateTable('profiles')
    .set({ followers_visible: visible })
    .where('id', '=', f.members.owner.id)
    .execute();

const restoreTies = (f: Fixtures) => f.restoreTies();

/** A fresh post of the owner's for their friends only ('Who can see this': 'Friends'; other is one). */
const freshFriendsPost = (f: Fixtures) => freshRequest(f, 'friends', 'general');

/** A route on the owner's friends-only post: `status` for the owner and their friend, 404 for the rest. */
function forFriends(
  route: string,
  path: (id: string) => string,
  status: number,
  body?: () => unknown,
): HttpRow {
  return {
    route,
    variant: "the owner's post for friends (other is one)",
    prepare: freshFriendsPost,
    path: ({ fresh }) => path(fresh.post as string),
    ...(body ? { body } : {}),
    expect: members(404, { owner: status, other: status }),
  };
}

/** Friends-only posts (issue 51): read and acted on by the owner's friends alone, shared by no one. */
const friendsOnlyRows: HttpRow[] = [
  forFriends('GET /api/posts/:id', (id) => `/api/posts/${id}`, 200),
  forFriends('GET /api/posts/:id/comments', (id) => `/api/posts/${id}/comments`, 200),
  forFriends(
    'POST /api/posts/:id/comments',
    (id) => `/api/posts/${id}/comments`,
    201,
    () => ({
      content: 'For friends',
    }),
  ),
  forFriends('PUT /api/posts/:id/like', (id) => `/api/posts/${id}/like`, 200),
  forFriends('PUT /api/posts/:id/bookmark', (id) => `/api/posts/${id}/bookmark`, 200),
  forFriends('POST /api/posts/:id/shares', (id) => `/api/posts/${id}/shares`, 400),
];

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
    // Blocking and muting are the viewer's own lists, open whoever blocked first; following (and
    // unfollowing) a member hidden from the viewer finds no member, as their profile does.
    expect: members(200, { owner: 400, ...(kind === 'follows' ? { blocked: 404 } : {}) }),
  }));
}

export const socialRows: HttpRow[] = [
  ...friendsOnlyRows,
  {
    route: 'GET /api/profiles/by-username/:username',
    variant: "the owner's",
    path: ({ f }) => `/api/profiles/by-username/${f.members.owner.username}`,
    expect: members(200, { blocked: 404 }),
  },
  {
    route: 'GET /api/profiles/by-id/:id',
    variant: "the owner's (a mention's link)",
    path: ({ f }) => `/api/profiles/by-id/${f.members.owner.id}`,
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
    expect: members(403, { owner: 200, blocked: 404 }),
  },
  {
    route: 'DELETE /api/posts/:id',
    variant: "the owner's",
    prepare: async (f) => ({ post: await f.fresh.post() }),
    path: ({ fresh }) => `/api/posts/${fresh.post}`,
    expect: members(403, { owner: 204, blocked: 404 }),
  },
  {
    route: 'PUT /api/posts/:id/like',
    variant: "the owner's",
    path: ({ f }) => `/api/posts/${f.post}/like`,
    // The same answer as 'I prayed' (one toggle, commands/postToggles.ts): the post is hidden.
    expect: members(200, { blocked: 404 }),
  },
  {
    route: 'DELETE /api/posts/:id/like',
    variant: "the owner's",
    path: ({ f }) => `/api/posts/${f.post}/like`,
    // As taking back a prayer: a post hidden from the viewer is not there to take a like back from.
    expect: members(200, { blocked: 404 }),
  },
  {
    route: 'PUT /api/posts/:id/hidden',
    variant: "the owner's",
    path: ({ f }) => `/api/posts/${f.post}/hidden`,
    // Each viewer's own list: any member who may see the post may hide it from their own feeds.
    expect: members(200, { blocked: 404 }),
  },
  {
    route: 'DELETE /api/posts/:id/hidden',
    variant: "the owner's",
    path: ({ f }) => `/api/posts/${f.post}/hidden`,
    expect: members(200, { blocked: 404 }),
  },
  // Bookmarks are each viewer's own, of any post they may see; the list holds only their own.
  ...(['PUT', 'DELETE'] as const).map(
    (method): HttpRow => ({
      route: `${method} /api/posts/:id/bookmark`,
      variant: "the owner's",
      path: ({ f }) => `/api/posts/${f.post}/bookmark`,
      expect: members(200, { blocked: 404 }),
    }),
  ),
  { route: 'GET /api/bookmarks', path: () => '/api/bookmarks', expect: members(200) },
  // Search (issue 51): every member's; what it finds follows each post's rule (the blocked member
  // finds nothing of the owner's).
  {
    route: 'GET /api/search/posts',
    variant: "the words of the owner's fresh post",
    prepare: (f) => freshRequest(f, 'everyone', 'general'),
    path: () => '/api/search/posts?q=matrix%20general%20everyone',
    hides: { from: ['blocked'], what: () => 'Matrix general everyone' },
    expect: members(200),
  },
  {
    route: 'GET /api/search/posts',
    variant: "the words of the owner's post for friends (other is one)",
    prepare: freshFriendsPost,
    path: () => '/api/search/posts?q=matrix%20general%20friends',
    hides: { from: ['member', 'blocked', 'admin'], what: () => 'Matrix general friends' },
    expect: members(200),
  },
  {
    route: 'GET /api/search/posts',
    variant: "the suspended member's words",
    path: () => '/api/search/posts?q=sue%20writes',
    hides: { from: ['member', 'owner', 'other', 'admin', 'blocked'], what: (f) => f.suspendedOwner.post },
    expect: members(200),
  },
  { route: 'GET /api/search/tags', path: () => '/api/search/tags?q=matrix', expect: members(200) },
  // Polls (issue 51): anyone who may see the post votes, once; the blocked member finds no post.
  {
    route: 'POST /api/posts/:id/poll/votes',
    variant: "the owner's fresh poll",
    prepare: async (f) => {
      const res = await f.members.owner.client.post('/api/posts', {
        content: 'Matrix poll',
        poll: { options: ['Yes', 'No'], expires_in: 600 },
      });
      if (res.status !== 201) throw new Error(`poll: ${res.status} ${JSON.stringify(res.body)}`);
      return { post: res.body.id as string };
    },
    path: ({ fresh }) => `/api/posts/${fresh.post}/poll/votes`,
    body: () => ({ choices: [0] }),
    expect: members(200, { blocked: 404 }),
  },
  {
    route: 'POST /api/posts/:id/poll/votes',
    variant: "the owner's poll for friends (other is one)",
    prepare: async (f) => {
      const res = await f.members.owner.client.post('/api/posts', {
        content: 'Matrix poll for friends',
        visibility: 'friends',
        poll: { options: ['Yes', 'No'], expires_in: 600 },
      });
      if (res.status !== 201) throw new Error(`poll: ${res.status} ${JSON.stringify(res.body)}`);
      return { post: res.body.id as string };
    },
    path: ({ fresh }) => `/api/posts/${fresh.post}/poll/votes`,
    body: () => ({ choices: [1] }),
    expect: members(404, { owner: 200, other: 200 }),
  },
  // Link cards (issue 51): the author alone takes one off; the blocked member finds no post.
  {
    route: 'DELETE /api/posts/:id/card',
    variant: "the owner's fresh post with a link",
    prepare: async (f) => {
      // Written as a read card leaves it (no page is read: the matrix is about who may remove it).
      const { post } = await freshRequest(f, 'everyone', 'general');
      const url = 'https://example.org/matrix';
      const card = { url, title: 'Matrix', description: '', site: 'example.org', image_url: null };
      await f.db
        .updateTable('posts')
        .set({
          content: `Matrix card ${url}`,
          card_url: url,
          card_state: 'ready',
          card: JSON.stringify({ ...card, image_width: null, image_height: null }),
        })
        .where('id', '=', post)
        .execute();
      return { post };
    },
    path: ({ fresh }) => `/api/posts/${fresh.post}/card`,
    expect: members(403, { owner: 200, blocked: 404 }),
  },
  // Hashtags: every member's to read and follow; what a tag's page lists follows each post's rule.
  { route: 'GET /api/tags/followed', path: () => '/api/tags/followed', expect: members(200) },
  { route: 'GET /api/tags/:tag', path: () => '/api/tags/matrix', expect: members(200) },
  { route: 'GET /api/tags/:tag/posts', path: () => '/api/tags/matrix/posts', expect: members(200) },
  ...(['PUT', 'DELETE'] as const).map(
    (method): HttpRow => ({
      route: `${method} /api/tags/:tag/follow`,
      path: () => '/api/tags/matrix/follow',
      expect: members(200),
    }),
  ),
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
    expect: members(200, { blocked: 404 }),
  },
  {
    route: 'POST /api/posts/:id/views',
    variant: "the owner's",
    path: ({ f }) => `/api/posts/${f.post}/views`,
    expect: members(200, { blocked: 404 }),
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
    expect: members(201, { blocked: 404 }),
  },
  {
    route: 'DELETE /api/comments/:id',
    variant: "the owner's",
    prepare: async (f) => ({ comment: await f.fresh.comment() }),
    path: ({ fresh }) => `/api/comments/${fresh.comment}`,
    expect: members(403, { owner: 204, blocked: 404 }),
  },
  ...ties('follows'),
  ...ties('blocks'),
  ...ties('mutes'),
];
