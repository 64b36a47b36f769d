import { sendMessage } from '@server/commands/messages.ts';
import { v7 as uuidv7 } from 'uuid';
import type { Fixtures } from './fixtures.ts';
import { type HttpRow, members } from './table.ts';

// The owner's wall and what waits on it, friend requests to the owner, and conversations with the
// owner. A pending post is seen by its author and the wall's owner only; a request is answered by
// the member it was sent to only; a conversation is read and written by its two members only. To the
// blocked member the owner does not exist: no wall to write on, no conversation to open (404).

/** Approving or rejecting: the owner; its author is told no; anyone else does not learn it exists. */
const moderation = members(404, { owner: 200, other: 403 });

/** A stranger's first message to the owner: it waits in the owner's message requests. */
async function messageRequest(f: Fixtures) {
  const sender = await f.fresh.member();
  await sendMessage(f.server.built.ctx, sender, f.members.owner.id, { content: 'Hi', client_id: uuidv7() });
  return { sender };
}

export const wallRows: HttpRow[] = [
  {
    route: 'POST /api/profiles/:id/wall',
    variant: "the owner's wall",
    path: ({ f }) => `/api/profiles/${f.members.owner.id}/wall`,
    body: () => ({ content: 'Hello Olive' }),
    expect: members(201, { blocked: 404 }),
  },
  {
    route: 'GET /api/profiles/:id/pending',
    variant: "the owner's wall",
    // What the viewer wrote there and still waits: their own posts only, whoever asks.
    path: ({ f }) => `/api/profiles/${f.members.owner.id}/pending`,
    expect: members(200),
  },
  {
    route: 'GET /api/pending-posts/:id',
    variant: "other's post on the owner's wall",
    path: ({ f }) => `/api/pending-posts/${f.pending}`,
    expect: members(404, { owner: 200, other: 200 }),
  },
  {
    route: 'POST /api/pending-posts/:id/approve',
    variant: "other's post on the owner's wall",
    prepare: async (f) => ({ pending: await f.fresh.pending() }),
    path: ({ fresh }) => `/api/pending-posts/${fresh.pending}/approve`,
    expect: moderation,
  },
  {
    route: 'POST /api/pending-posts/:id/reject',
    variant: "other's post on the owner's wall",
    prepare: async (f) => ({ pending: await f.fresh.pending() }),
    path: ({ fresh }) => `/api/pending-posts/${fresh.pending}/reject`,
    expect: { ...moderation, owner: 204 },
  },
  {
    route: 'POST /api/friend-requests/:id/accept',
    variant: 'a request to the owner',
    prepare: async (f) => ({ sender: await f.fresh.friendRequest() }),
    path: ({ fresh }) => `/api/friend-requests/${fresh.sender}/accept`,
    expect: members(404, { owner: 204 }),
  },
  {
    route: 'POST /api/friend-requests/:id/decline',
    variant: 'a request to the owner',
    prepare: async (f) => ({ sender: await f.fresh.friendRequest() }),
    path: ({ fresh }) => `/api/friend-requests/${fresh.sender}/decline`,
    expect: members(404, { owner: 204 }),
  },
  {
    route: 'GET /api/conversations/with/:userId/messages',
    variant: 'with the owner',
    path: ({ f }) => `/api/conversations/with/${f.members.owner.id}/messages`,
    expect: members(200, { owner: 400, blocked: 404 }),
  },
  {
    route: 'POST /api/conversations/with/:userId/messages',
    variant: 'to the owner',
    path: ({ f }) => `/api/conversations/with/${f.members.owner.id}/messages`,
    body: () => ({ content: 'Hello', client_id: uuidv7() }),
    expect: members(201, { owner: 400, blocked: 404 }),
  },
  {
    route: 'POST /api/conversations/with/:userId/read',
    variant: 'with the owner',
    path: ({ f }) => `/api/conversations/with/${f.members.owner.id}/read`,
    expect: members(200, { owner: 400, blocked: 404 }),
  },
  {
    route: 'POST /api/conversations/with/:userId/request/accept',
    variant: "a stranger's request to the owner",
    prepare: messageRequest,
    path: ({ fresh }) => `/api/conversations/with/${fresh.sender}/request/accept`,
    expect: members(404, { owner: 204 }),
  },
  {
    route: 'DELETE /api/conversations/with/:userId/request',
    variant: "a stranger's request to the owner",
    prepare: messageRequest,
    path: ({ fresh }) => `/api/conversations/with/${fresh.sender}/request`,
    expect: members(404, { owner: 204 }),
  },
];
