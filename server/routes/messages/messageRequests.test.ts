import type { ConversationPage, Message } from '@common/schemas/messages.ts';
import { MESSAGE_TEXTS } from '@common/schemas/messages.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { type ClientSocket, connected, connectSocket } from '@server/test/sockets.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Member = Awaited<ReturnType<typeof signedInMember>>;

const send = (from: Member, to: Member, content: string) =>
  from.client.post(`/api/conversations/with/${to.me.id}/messages`, {
    content,
    client_id: crypto.randomUUID(),
  });
const history = (viewer: Member, other: Member) =>
  viewer.client.get(`/api/conversations/with/${other.me.id}/messages`);
const list = async (viewer: Member, box?: 'inbox' | 'requests') =>
  (await viewer.client.get(`/api/conversations${box ? `?box=${box}` : ''}`)).body as ConversationPage;
const names = (page: ConversationPage) => page.conversations.map((c) => c.other.full_name);
const accept = (viewer: Member, other: Member) =>
  viewer.client.post(`/api/conversations/with/${other.me.id}/request/accept`);
const remove = (viewer: Member, other: Member) =>
  viewer.client.request('DELETE', `/api/conversations/with/${other.me.id}/request`);
const whoCanMessage = (member: Member, value: string) =>
  member.client.request('PATCH', '/api/settings/privacy', { who_can_message: value });
const messageBellFrom = async (member: Member, from: Member) =>
  (
    (await member.client.get('/api/notifications')).body.notifications as Array<{
      type: string;
      from: { id: string } | null;
    }>
  ).filter((n) => n.type === 'message' && n.from?.id === from.me.id);

describe.each(dialects)('message requests (%s)', (dialect) => {
  let server: TestServer;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
  });

  const member = (name: string) => signedInMember(server, { name });
  /** A follow and its acceptance: an accepted friendship, both ways. */
  async function befriend(a: Member, b: Member) {
    expect((await a.client.request('PUT', `/api/follows/${b.me.id}`)).status).toBe(200);
    expect((await b.client.post(`/api/friend-requests/${a.me.id}/accept`)).status).toBe(204);
  }
  async function tab(m: Member) {
    const socket = connectSocket(server, m.client);
    sockets.push(socket);
    await connected(socket);
    return socket;
  }

  it("puts a friend's message in the inbox and a stranger's in requests, with no bell and no badge", async () => {
    const ben = await member('Ben Receiver');
    const ann = await member('Ann Friend');
    const cat = await member('Cat Stranger');
    await befriend(ann, ben);
    const [benTab, catTab] = await Promise.all([tab(ben), tab(cat)]);

    expect((await send(ann, ben, 'Hi, friend')).status).toBe(201);
    const heardByBen = new Promise<Message>((resolve) => benTab.once('message:new', resolve));
    const heardByCat = new Promise<Message>((resolve) => catTab.once('message:new', resolve));
    const fromCat = await send(cat, ben, 'Hello from a stranger');
    expect(fromCat.status).toBe(201);
    expect(fromCat.body).toMatchObject({ content: 'Hello from a stranger', receiver_id: ben.me.id });
    expect(fromCat.body).not.toHaveProperty('in_requests');
    // Ben's tab is told where it belongs; Cat's copy is the same as any sent message.
    expect(await heardByBen).toEqual({ ...fromCat.body, in_requests: true });
    expect(await heardByCat).toEqual(fromCat.body);

    const inbox = await list(ben);
    expect(names(inbox)).toEqual(['Ann Friend']);
    expect(inbox).toMatchObject({ unread_conversations: 1, request_count: 1 });
    const requests = await list(ben, 'requests');
    expect(names(requests)).toEqual(['Cat Stranger']);
    expect(requests.conversations[0]).toMatchObject({
      unread_count: 1,
      last_message: { content: 'Hello from a stranger' },
    });
    expect(requests).toMatchObject({ unread_conversations: 1, request_count: 1 });
    expect(await messageBellFrom(ben, ann)).toHaveLength(1);
    expect(await messageBellFrom(ben, cat)).toHaveLength(0);
    expect((await history(ben, cat)).body).toMatchObject({
      is_request: true,
      messages: [{ id: fromCat.body.id }],
    });

    // Cat sees an ordinary conversation.
    expect(names(await list(cat))).toEqual(['Ben Receiver']);
    expect((await list(cat, 'requests')).conversations).toEqual([]);
    expect((await history(cat, ben)).body.is_request).toBe(false);

    // 'Everyone': a stranger's message goes to the inbox; back to 'Friends', that conversation stays.
    const dan = await member('Dan Stranger');
    expect((await whoCanMessage(ben, 'everyone')).status).toBe(200);
    await send(dan, ben, 'Open inbox?');
    expect(names(await list(ben))).toEqual(['Dan Stranger', 'Ann Friend']);
    expect(await messageBellFrom(ben, dan)).toHaveLength(1);
    await whoCanMessage(ben, 'friends');
    await send(dan, ben, 'Still here');
    expect(names(await list(ben))).toEqual(['Dan Stranger', 'Ann Friend']);
    // The request from before the change is still a request.
    expect(names(await list(ben, 'requests'))).toEqual(['Cat Stranger']);
    expect((await list(ben)).unread_conversations).toBe(2);
  });

  it('accepting moves a request to the inbox and reads it; replying accepts too', async () => {
    const ben = await member('Ben Accepts');
    const cat = await member('Cat Asks');
    const eve = await member('Eve Asks');
    const first = await send(cat, ben, 'May I?');
    await send(eve, ben, 'And me?');
    expect((await list(ben)).request_count).toBe(2);

    const catTab = await tab(cat);
    const receipt = new Promise((resolve) => catTab.once('messages:read', resolve));
    expect((await accept(ben, cat)).status).toBe(204);
    expect(await receipt).toMatchObject({ reader_id: ben.me.id, up_to_id: first.body.id });
    const inbox = await list(ben);
    expect(names(inbox)).toEqual(['Cat Asks']);
    expect(inbox.conversations[0]!.unread_count).toBe(0);
    expect(names(await list(ben, 'requests'))).toEqual(['Eve Asks']);
    expect((await history(cat, ben)).body.messages[0]).toMatchObject({ id: first.body.id, is_read: true });
    expect((await history(ben, cat)).body.is_request).toBe(false);
    const again = await accept(ben, cat);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(MESSAGE_TEXTS.noRequest);

    expect((await send(ben, eve, 'Sure, hi')).status).toBe(201);
    expect(names(await list(ben))).toEqual(['Eve Asks', 'Cat Asks']);
    expect(await list(ben, 'requests')).toMatchObject({ conversations: [], request_count: 0 });
    // Now in the inbox, Eve's next message rings the bell like a friend's.
    await send(eve, ben, 'Thanks!');
    expect(await messageBellFrom(ben, eve)).toHaveLength(1);
    expect((await list(ben)).unread_conversations).toBe(1);
  });

  it('deleting removes the request for the recipient only; the sender learns nothing', async () => {
    const ben = await member('Ben Deletes');
    const cat = await member('Cat Persists');
    const first = await send(cat, ben, 'First try');
    expect((await remove(ben, cat)).status).toBe(204);

    expect(await list(ben, 'requests')).toMatchObject({ conversations: [], request_count: 0 });
    expect((await list(ben)).conversations).toEqual([]);
    expect((await history(ben, cat)).body).toMatchObject({ messages: [], is_request: false });
    expect((await remove(ben, cat)).status).toBe(404);
    // Opening the emptied conversation reads nothing of what was deleted.
    expect((await ben.client.post(`/api/conversations/with/${cat.me.id}/read`)).body.up_to_id).toBeNull();
    // Cat's side is untouched: the message is there, still unread, the conversation listed.
    expect(names(await list(cat))).toEqual(['Ben Deletes']);
    expect((await history(cat, ben)).body.messages).toEqual([first.body]);

    // Writing again answers exactly as before, and opens a new request with only the new message.
    const second = await send(cat, ben, 'Second try');
    expect(second.status).toBe(first.status);
    expect(Object.keys(second.body).sort()).toEqual(Object.keys(first.body).sort());
    const requests = await list(ben, 'requests');
    expect(
      requests.conversations.map((c) => [c.other.full_name, c.last_message.content, c.unread_count]),
    ).toEqual([['Cat Persists', 'Second try', 1]]);
    const seen = (await history(ben, cat)).body;
    expect(seen.is_request).toBe(true);
    expect(seen.messages.map((m: Message) => m.content)).toEqual(['Second try']);
    // Catching up from a deleted message brings nothing from before the deletion either.
    const caughtUp = await ben.client.get(
      `/api/conversations/with/${cat.me.id}/messages?after=${first.body.id}`,
    );
    expect(caughtUp.body.messages.map((m: Message) => m.content)).toEqual(['Second try']);
    // Accepting reads what Ben can see, and only that.
    expect((await accept(ben, cat)).status).toBe(204);
    const catSees = (await history(cat, ben)).body.messages as Message[];
    expect(catSees.map((m) => [m.content, m.is_read])).toEqual([
      ['Second try', true],
      ['First try', false],
    ]);
  });

  it('lets only the recipient accept or delete a request', async () => {
    const ben = await member('Ben Owner');
    const cat = await member('Cat Sender');
    const eve = await member('Eve Third');
    await send(cat, ben, 'For Ben only');
    for (const [who, other] of [
      [eve, cat],
      [eve, ben],
      [cat, ben],
    ] as const) {
      const accepted = await accept(who, other);
      expect(accepted.status).toBe(404);
      expect(accepted.body.error.message).toBe(MESSAGE_TEXTS.noRequest);
      expect((await remove(who, other)).status).toBe(404);
    }
    expect(names(await list(ben, 'requests'))).toEqual(['Cat Sender']);
    const visitor = new TestClient(server.baseUrl);
    expect((await visitor.post(`/api/conversations/with/${cat.me.id}/request/accept`)).status).toBe(401);
    expect((await visitor.request('DELETE', `/api/conversations/with/${cat.me.id}/request`)).status).toBe(
      401,
    );
    expect((await accept(ben, ben)).status).toBe(400);
    expect((await ben.client.post('/api/conversations/with/not*an*id/request/accept')).status).toBe(404);
    const badBox = await ben.client.get('/api/conversations?box=spam');
    expect(badBox.status).toBe(400);
    expect(badBox.body.error.message).toBe('box must be inbox or requests.');
    expect(names(await list(ben, 'requests'))).toEqual(['Cat Sender']);
  });

  it('hides conversations between blocked members, refuses reading them, and brings them back on unblock', async () => {
    const ben = await member('Ben Blocks');
    const ann = await member('Ann Friend');
    const cat = await member('Cat Stranger');
    await befriend(ann, ben);
    await send(ann, ben, 'Unread from Ann');
    await send(cat, ben, 'Request from Cat');
    expect(await list(ben)).toMatchObject({ unread_conversations: 1, request_count: 1 });

    expect((await ben.client.request('PUT', `/api/blocks/${ann.me.id}`)).status).toBe(200);
    expect((await ben.client.request('PUT', `/api/blocks/${cat.me.id}`)).status).toBe(200);
    expect(await list(ben)).toMatchObject({ conversations: [], unread_conversations: 0, request_count: 0 });
    expect((await list(ben, 'requests')).conversations).toEqual([]);
    // The one who was blocked loses it too.
    expect((await list(ann)).conversations).toEqual([]);
    for (const [viewer, other] of [
      [ben, ann],
      [ann, ben],
      [cat, ben],
    ] as const) {
      const read = await history(viewer, other);
      // Missing to each other, as their profiles are (it was a 403 'You cannot message this member.').
      expect(read.status).toBe(404);
      expect(read.body.error.message).toBe('This member does not exist any more.');
      expect(JSON.stringify(read.body)).not.toMatch(/Unread from Ann|Request from Cat/);
      expect((await viewer.client.post(`/api/conversations/with/${other.me.id}/read`)).status).toBe(404);
    }
    expect((await accept(ben, cat)).status).toBe(404);

    await ben.client.request('DELETE', `/api/blocks/${cat.me.id}`);
    expect(names(await list(ben, 'requests'))).toEqual(['Cat Stranger']);
    expect((await history(ben, cat)).body.messages.map((m: Message) => m.content)).toEqual([
      'Request from Cat',
    ]);
  });
});
