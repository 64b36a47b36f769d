import { createECDH, randomBytes } from 'node:crypto';
import { MATRIX_PUSH_HOST, PASSWORD } from './fixtures.ts';
import { type HttpRow, members } from './table.ts';

// Routes about the viewer themselves (their account, settings, bell, uploads, lists): the same path
// for everyone, answered for whoever's session it is. A member never reaches another's through them:
// the rows that name the owner's things (a notification, an upload) get 4xx for everyone else.

/** A browser's push subscription for this viewer (a fresh key pair; the endpoint names the viewer). */
const pushSubscription = ({ viewer }: { viewer: string }) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://${MATRIX_PUSH_HOST}/push/${viewer}`,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  };
};

export const accountRows: HttpRow[] = [
  { route: 'GET /api/push/key', path: () => '/api/push/key', expect: members(200) },
  {
    route: 'PUT /api/push/subscription',
    path: () => '/api/push/subscription',
    body: pushSubscription,
    expect: members(204),
  },
  {
    route: 'DELETE /api/push/subscription',
    variant: "the owner's browser (only the owner's own row goes)",
    path: () => '/api/push/subscription',
    body: () => ({ endpoint: `https://${MATRIX_PUSH_HOST}/push/owner` }),
    expect: members(204),
  },
  { route: 'GET /api/me', path: () => '/api/me', expect: members(200) },
  { route: 'GET /api/me/activity', path: () => '/api/me/activity', expect: members(200) },
  {
    route: 'GET /api/posts',
    path: () => '/api/posts',
    hides: { from: ['blocked'], what: (f) => f.post },
    expect: members(200),
  },
  {
    route: 'POST /api/posts',
    path: () => '/api/posts',
    body: () => ({ category: 'general', content: 'Hello' }),
    expect: members(201),
  },
  { route: 'GET /api/posts/trending', path: () => '/api/posts/trending', expect: members(200) },
  {
    route: 'GET /api/profiles/search',
    path: ({ f }) => `/api/profiles/search?q=${f.members.owner.username}`,
    hides: { from: ['blocked'], what: (f) => f.members.owner.id },
    expect: members(200),
  },
  { route: 'GET /api/comedy-shows', path: () => '/api/comedy-shows?date=2026-12-31', expect: members(200) },
  { route: 'GET /api/notifications', path: () => '/api/notifications', expect: members(200) },
  {
    route: 'POST /api/notifications/read-all',
    path: () => '/api/notifications/read-all',
    expect: members(204),
  },
  {
    route: 'POST /api/notifications/:id/read',
    variant: "the owner's notification",
    path: ({ f }) => `/api/notifications/${f.notification}/read`,
    expect: members(404, { owner: 204 }),
  },
  {
    route: 'PATCH /api/profiles/me/details',
    path: () => '/api/profiles/me/details',
    body: () => ({ hometown: 'Springfield' }),
    expect: members(200),
  },
  // The owner's own uploads: anyone else naming them is told the upload was not found.
  {
    route: 'PATCH /api/profiles/me/avatar',
    variant: "the owner's upload",
    path: () => '/api/profiles/me/avatar',
    body: ({ f }) => ({ media_id: f.uploads.avatar }),
    expect: members(400, { owner: 200 }),
  },
  {
    route: 'PATCH /api/profiles/me/cover',
    variant: "the owner's upload",
    path: () => '/api/profiles/me/cover',
    body: ({ f }) => ({ media_id: f.uploads.cover, position: 40 }),
    expect: members(400, { owner: 200 }),
  },
  {
    route: 'PUT /api/profiles/me/video',
    variant: "the owner's upload",
    path: () => '/api/profiles/me/video',
    body: ({ f }) => ({ media_id: f.uploads.video }),
    expect: members(400, { owner: 200 }),
  },
  { route: 'DELETE /api/profiles/me/video', path: () => '/api/profiles/me/video', expect: members(200) },
  { route: 'GET /api/profiles/me/pending', path: () => '/api/profiles/me/pending', expect: members(200) },
  { route: 'GET /api/blocks', path: () => '/api/blocks', expect: members(200) },
  { route: 'GET /api/mutes', path: () => '/api/mutes', expect: members(200) },
  { route: 'GET /api/settings/account', path: () => '/api/settings/account', expect: members(200) },
  {
    route: 'PATCH /api/settings/account',
    path: () => '/api/settings/account',
    body: ({ viewer }) => ({ full_name: `Renamed ${viewer}` }),
    expect: members(200),
  },
  {
    route: 'GET /api/settings/profile-details',
    path: () => '/api/settings/profile-details',
    expect: members(200),
  },
  {
    route: 'PATCH /api/settings/profile-details',
    path: () => '/api/settings/profile-details',
    body: () => ({ bio: 'Hello' }),
    expect: members(200),
  },
  { route: 'GET /api/settings/privacy', path: () => '/api/settings/privacy', expect: members(200) },
  {
    route: 'PATCH /api/settings/privacy',
    path: () => '/api/settings/privacy',
    // The default: the owner's lists stay visible for the rows about them.
    body: () => ({ followers_visible: true }),
    expect: members(200),
  },
  { route: 'GET /api/settings/preferences', path: () => '/api/settings/preferences', expect: members(200) },
  {
    route: 'PATCH /api/settings/preferences',
    path: () => '/api/settings/preferences',
    body: () => ({ data_saver: true }),
    expect: members(200),
  },
  { route: 'GET /api/settings/data', path: () => '/api/settings/data', expect: members(200) },
  { route: 'GET /api/settings/data/summary', path: () => '/api/settings/data/summary', expect: members(200) },
  { route: 'GET /api/conversations', path: () => '/api/conversations', expect: members(200) },
  {
    route: 'GET /api/circles/live',
    path: () => '/api/circles/live',
    hides: { from: ['blocked'], what: (f) => f.publicCircle },
    expect: members(200),
  },
  // What the Start a Circle form may offer: the same for every member (no media server here: 10 guests).
  { route: 'GET /api/circles/options', path: () => '/api/circles/options', expect: members(200) },
  {
    route: 'POST /api/circles',
    path: () => '/api/circles',
    body: () => ({ title: 'Morning prayer', faith: 'Christianity' }),
    expect: members(201),
  },
  { route: 'GET /api/places', path: () => '/api/places?kind=churches&q=Springfield', expect: members(200) },
  { route: 'GET /api/spotlight', path: () => '/api/spotlight', expect: members(200) },
  { route: 'POST /api/spotlight/refresh', path: () => '/api/spotlight/refresh', expect: members(200) },
  { route: 'POST /api/media', path: () => '/api/media', upload: true, expect: members(201) },
  {
    route: 'POST /api/settings/delete-account',
    path: () => '/api/settings/delete-account',
    body: () => ({ password: PASSWORD }),
    phase: 'last',
    expect: members(200),
  },
];
