import { type HttpRow, members } from './table.ts';

// The owner's FaithVerse circles. Anyone signed in with the link reads a circle's header and may ask
// to join (joining an open one at once); its members (the host and the guests it let in) read its
// members and chat and write in it; the host alone answers requests, goes live, beats and ends it.
// A circle of a host who blocked the viewer does not exist for them (404), like the host's profile.

/** For rows on a fresh circle: its id in `fresh.circle`. */
const freshCircle =
  (visibility: 'public' | 'private') => async (f: Parameters<NonNullable<HttpRow['prepare']>>[0]) => ({
    circle: await f.fresh.circle(visibility),
  });

export const circleRows: HttpRow[] = [
  {
    route: 'GET /api/circles/:id',
    variant: "the owner's private circle",
    path: ({ f }) => `/api/circles/${f.privateCircle}`,
    expect: members(200, { blocked: 404 }),
  },
  {
    route: 'POST /api/circles/:id/join',
    variant: "a fresh public circle of the owner's",
    prepare: freshCircle('public'),
    path: ({ fresh }) => `/api/circles/${fresh.circle}/join`,
    expect: members(200, { blocked: 404 }),
  },
  {
    route: 'POST /api/circles/:id/join',
    variant: "the owner's private circle",
    path: ({ f }) => `/api/circles/${f.privateCircle}/join`,
    expect: members(403, { owner: 200, other: 200, blocked: 404 }),
  },
  {
    route: 'POST /api/circles/:id/requests',
    variant: "a fresh private circle of the owner's",
    prepare: freshCircle('private'),
    path: ({ fresh }) => `/api/circles/${fresh.circle}/requests`,
    expect: members(200, { owner: 409, blocked: 404 }),
  },
  {
    route: 'GET /api/circles/:id/requests',
    variant: "the owner's private circle",
    path: ({ f }) => `/api/circles/${f.privateCircle}/requests`,
    expect: members(403, { owner: 200, blocked: 404 }),
  },
  ...(['approve', 'decline'] as const).map(
    (action): HttpRow => ({
      route: `POST /api/circles/:id/requests/:userId/${action}`,
      variant: "a request to a fresh private circle of the owner's",
      prepare: async (f) => {
        const circle = await f.fresh.circle('private');
        return { circle, asker: await f.fresh.joinRequest(circle) };
      },
      path: ({ fresh }) => `/api/circles/${fresh.circle}/requests/${fresh.asker}/${action}`,
      expect: members(403, { owner: 200, blocked: 404 }),
    }),
  ),
  {
    route: 'POST /api/circles/:id/preview',
    variant: "a fresh private circle of the owner's",
    prepare: freshCircle('private'),
    path: ({ fresh }) => `/api/circles/${fresh.circle}/preview`,
    expect: members(200, { owner: 409, blocked: 404 }),
  },
  ...(['members', 'chat'] as const).map(
    (what): HttpRow => ({
      route: `GET /api/circles/:id/${what}`,
      variant: "the owner's private circle",
      path: ({ f }) => `/api/circles/${f.privateCircle}/${what}`,
      expect: members(403, { owner: 200, other: 200, blocked: 404 }),
    }),
  ),
  {
    route: 'POST /api/circles/:id/chat',
    variant: "the owner's private circle",
    path: ({ f }) => `/api/circles/${f.privateCircle}/chat`,
    body: () => ({ content: 'Amen' }),
    expect: members(403, { owner: 201, other: 201, blocked: 404 }),
  },
  {
    route: 'POST /api/circles/:id/live',
    variant: "the owner's private circle",
    path: ({ f }) => `/api/circles/${f.privateCircle}/live`,
    body: () => ({ source_type: 'camera' }),
    expect: members(403, { owner: 200, blocked: 404 }),
  },
  {
    route: 'POST /api/circles/:id/heartbeat',
    variant: "the owner's private circle",
    path: ({ f }) => `/api/circles/${f.privateCircle}/heartbeat`,
    expect: members(403, { owner: 200, blocked: 404 }),
  },
  {
    route: 'POST /api/circles/:id/end',
    variant: "a fresh public circle of the owner's",
    prepare: freshCircle('public'),
    path: ({ fresh }) => `/api/circles/${fresh.circle}/end`,
    expect: members(403, { owner: 200, blocked: 404 }),
  },
  // The stage is for circles carried by Janus (server/circles/janus.test.ts has them): members of this
  // mesh circle hear that; anyone else is not in it, and to the blocked member it does not exist.
  ...(['PUT', 'DELETE'] as const).flatMap((method): HttpRow[] => [
    {
      route: `${method} /api/circles/:id/hand`,
      variant: "the owner's private circle",
      path: ({ f }) => `/api/circles/${f.privateCircle}/hand`,
      expect: members(403, { owner: 409, other: 409, blocked: 404 }),
    },
    {
      route: `${method} /api/circles/:id/stage/:userId`,
      variant: "other, a guest of the owner's private circle",
      path: ({ f }) => `/api/circles/${f.privateCircle}/stage/${f.members.other.id}`,
      expect: members(403, { owner: 409, other: 409, blocked: 404 }),
    },
  ]),
];
