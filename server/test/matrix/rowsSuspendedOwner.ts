import { v7 as uuidv7 } from 'uuid';
import type { Fixtures } from './fixtures.ts';
import { type HttpRow, members, VIEWERS } from './table.ts';

// The suspended owner (fixtures: suspendedOwner): a member suspended by an admin after they had
// posted, liked the owner's post, been written to by other and joined the owner's private circle.
// To every viewer they are another member, hidden the way a block hides one from the blocker:
// reading what is theirs and acting on it find nothing (404), and the lists that named them (other's conversations, the owner's bell, the circle's members and chat,
// search) leave them out. Before the suspension the fixtures checked those lists did name them.

const sue = (f: Fixtures) => f.suspendedOwner;
/** Every viewer who gets an answer at all: the suspended member is hidden from all of them. */
const everyViewer = VIEWERS.filter((viewer) => viewer !== 'visitor');

export const suspendedOwnerRows: HttpRow[] = [
  {
    route: 'GET /api/profiles/by-username/:username',
    variant: 'a suspended member',
    path: ({ f }) => `/api/profiles/by-username/${sue(f).username}`,
    expect: members(404),
  },
  {
    route: 'GET /api/profiles/by-id/:id',
    variant: 'a suspended member',
    path: ({ f }) => `/api/profiles/by-id/${sue(f).id}`,
    expect: members(404),
  },
  {
    route: 'GET /api/profiles/search',
    variant: 'a suspended member',
    path: ({ f }) => `/api/profiles/search?q=${sue(f).username}`,
    hides: { from: everyViewer, what: (f) => sue(f).id },
    expect: members(200),
  },
  ...(['posts', 'followers', 'following'] as const).map(
    (what): HttpRow => ({
      route: `GET /api/profiles/:id/${what}`,
      variant: 'a suspended member',
      path: ({ f }) => `/api/profiles/${sue(f).id}/${what}`,
      expect: members(404),
    }),
  ),
  {
    route: 'GET /api/posts/:id',
    variant: "a suspended member's",
    path: ({ f }) => `/api/posts/${sue(f).post}`,
    expect: members(404),
  },
  {
    route: 'GET /api/posts/:id/comments',
    variant: "a suspended member's post",
    path: ({ f }) => `/api/posts/${sue(f).post}/comments`,
    expect: members(404),
  },
  {
    route: 'PUT /api/posts/:id/like',
    variant: "a suspended member's",
    path: ({ f }) => `/api/posts/${sue(f).post}/like`,
    expect: members(404),
  },
  {
    route: 'POST /api/posts/:id/comments',
    variant: "a suspended member's post",
    path: ({ f }) => `/api/posts/${sue(f).post}/comments`,
    body: () => ({ content: 'Nice' }),
    expect: members(404),
  },
  {
    route: 'POST /api/posts/:id/shares',
    variant: "a suspended member's",
    path: ({ f }) => `/api/posts/${sue(f).post}/shares`,
    expect: members(404),
  },
  {
    route: 'PUT /api/follows/:userId',
    variant: 'a suspended member',
    path: ({ f }) => `/api/follows/${sue(f).id}`,
    expect: members(404),
  },
  {
    route: 'GET /api/conversations',
    variant: 'with a suspended member',
    path: () => '/api/conversations',
    hides: { from: everyViewer, what: (f) => sue(f).id },
    expect: members(200),
  },
  {
    route: 'GET /api/conversations/with/:userId/messages',
    variant: 'a suspended member',
    path: ({ f }) => `/api/conversations/with/${sue(f).id}/messages`,
    expect: members(404),
  },
  {
    route: 'POST /api/conversations/with/:userId/messages',
    variant: 'a suspended member',
    path: ({ f }) => `/api/conversations/with/${sue(f).id}/messages`,
    body: () => ({ content: 'Are you there?', client_id: uuidv7() }),
    expect: members(404),
  },
  {
    route: 'GET /api/notifications',
    variant: "a suspended member's like in the bell",
    path: () => '/api/notifications',
    hides: { from: everyViewer, what: (f) => sue(f).username },
    expect: members(200),
  },
  ...(['members', 'chat'] as const).map(
    (what): HttpRow => ({
      route: `GET /api/circles/:id/${what}`,
      variant: "the owner's private circle, a suspended guest",
      path: ({ f }) => `/api/circles/${f.privateCircle}/${what}`,
      hides: { from: everyViewer, what: (f) => sue(f).id },
      expect: members(403, { owner: 200, other: 200, blocked: 404 }),
    }),
  ),
];
