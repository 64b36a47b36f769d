import type { Message } from '@common/schemas/messages.ts';
import { MESSAGE_MAX_LENGTH, MESSAGE_TEXTS } from '@common/schemas/messages.ts';
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

const send = (from: TestClient, toId: string, content: string, clientId = crypto.randomUUID()) =>
  from.post(`/api/conversations/with/${toId}/messages`, { content, client_id: clientId });
const history = (client: TestClient, otherId: string, query = '') =>
  client.get(`/api/conversations/with/${otherId}/messages${query}`);
/**
 * These tests are about the inbox: the receiver lets everyone write to it, so a first message from
 * a stranger is not a message request (messageRequests.test.ts covers those).
 */
const openInbox = async (...members: Member[]) => {
  for (const member of members) {
    const res = await member.client.request('PATCH', '/api/settings/privacy', {
      who_can_message: 'everyone',
    });
    expect(res.status).toBe(200);
  }
};
const notificationsOf = async (member: Member) =>
  (await member.client.get('/api/notifications')).body.notifications as Array<{
    type: string;
    is_read: boolean;
    from: { id: string } | null;
  }>;

describe.each(dialects)('direct messages (%s)', (dialect) => {
  let server: TestServer;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
  });

  it('sends, lists and pages a conversation, newest first', async () => {
    const ann = await signedInMember(server, { name: 'Ann Sender' });
    const ben = await signedInMember(server, { name: 'Ben Receiver' });

    const empty = await history(ann.client, ben.me.id);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      other: { id: ben.me.id, full_name: 'Ben Receiver' },
      messages: [],
      next_cursor: null,
      has_more: false,
    });

    const first = await send(ann.client, ben.me.id, '  Hello Ben  ');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      sender_id: ann.me.id,
      receiver_id: ben.me.id,
      content: 'Hello Ben',
      is_read: false,
    });
    for (let i = 1; i <= 6; i += 1) {
      const from = i % 2 === 0 ? ann : ben;
      const to = i % 2 === 0 ? ben : ann;
      expect((await send(from.client, to.me.id, `line ${i}`)).status).toBe(201);
    }

    const page1 = await history(ben.client, ann.me.id, '?limit=4');
    expect(page1.body.messages.map((m: Message) => m.content)).toEqual([
      'line 6',
      'line 5',
      'line 4',
      'line 3',
    ]);
    expect(page1.body.has_more).toBe(true);
    const page2 = await history(ben.client, ann.me.id, `?limit=4&before=${page1.body.next_cursor}`);
    expect(page2.body.messages.map((m: Message) => m.content)).toEqual(['line 2', 'line 1', 'Hello Ben']);
    expect(page2.body.next_cursor).toBeNull();
    // The same conversation from both sides.
    const fromAnn = await history(ann.client, ben.me.id, '?limit=100');
    expect(fromAnn.body.messages).toHaveLength(7);
    expect(new Set(fromAnn.body.messages.map((m: Message) => m.conversation_id)).size).toBe(1);

    // Catching up after the third message: what came after it, oldest first.
    const third = page2.body.messages[0] as Message;
    const after = await history(ben.client, ann.me.id, `?after=${third.id}&limit=2`);
    expect(after.body.messages.map((m: Message) => m.content)).toEqual(['line 3', 'line 4']);
    expect(after.body.has_more).toBe(true);

    const annList = (await ann.client.get('/api/conversations')).body;
    expect(annList.conversations).toHaveLength(1);
    expect(annList.conversations[0]).toMatchObject({
      other: { id: ben.me.id, username: ben.me.profile.username, full_name: 'Ben Receiver' },
      last_message: { content: 'line 6', sender_id: ann.me.id },
      unread_count: 3, // lines 1, 3, 5 from Ben
    });
    expect(annList.unread_conversations).toBe(1);
    const benList = (await ben.client.get('/api/conversations')).body;
    expect(benList.conversations[0]).toMatchObject({ other: { id: ann.me.id }, unread_count: 4 });
  });

  it('puts the newest conversation first and pages the list', async () => {
    const me = await signedInMember(server);
    await openInbox(me);
    const others = [await signedInMember(server), await signedInMember(server), await signedInMember(server)];
    for (const other of others) await send(other.client, me.me.id, `from ${other.me.id}`);
    await send(me.client, others[0]!.me.id, 'back to the first');

    const page1 = (await me.client.get('/api/conversations?limit=2')).body;
    expect(page1.conversations.map((c: { other: { id: string } }) => c.other.id)).toEqual([
      others[0]!.me.id,
      others[2]!.me.id,
    ]);
    expect(page1.conversations[0].last_message.content).toBe('back to the first');
    const page2 = (await me.client.get(`/api/conversations?limit=2&before=${page1.next_cursor}`)).body;
    expect(page2.conversations.map((c: { other: { id: string } }) => c.other.id)).toEqual([others[1]!.me.id]);
    expect(page2.next_cursor).toBeNull();
    expect(page1.unread_conversations).toBe(3);
  });

  it('marks a conversation read when the receiver opens it, and tells the sender', async () => {
    const ann = await signedInMember(server);
    const ben = await signedInMember(server);
    await send(ann.client, ben.me.id, 'one');
    await send(ann.client, ben.me.id, 'two');
    await send(ben.client, ann.me.id, 'from Ben, unread by Ann');

    const annTab = connectSocket(server, ann.client);
    sockets.push(annTab);
    await connected(annTab);
    const receipt = new Promise((resolve) => annTab.once('messages:read', resolve));

    const read = await ben.client.post(`/api/conversations/with/${ann.me.id}/read`);
    expect(read.status).toBe(200);
    const messages = (await history(ann.client, ben.me.id)).body.messages as Message[];
    const two = messages.find((m) => m.content === 'two')!;
    expect(read.body).toEqual({
      conversation_id: two.conversation_id,
      reader_id: ben.me.id,
      up_to_id: two.id,
    });
    expect(await receipt).toEqual(read.body);

    expect(messages.filter((m) => m.sender_id === ann.me.id).every((m) => m.is_read)).toBe(true);
    // Only what was sent to the reader: Ann has not read Ben's message.
    expect(messages.find((m) => m.sender_id === ben.me.id)!.is_read).toBe(false);
    const benList = (await ben.client.get('/api/conversations')).body;
    expect(benList.conversations[0].unread_count).toBe(0);
    expect(benList.unread_conversations).toBe(0);
    const annList = (await ann.client.get('/api/conversations')).body;
    expect(annList.conversations[0].unread_count).toBe(1);

    // Nothing left unread: a second read changes nothing and tells nobody.
    const again = await ben.client.post(`/api/conversations/with/${ann.me.id}/read`);
    expect(again.body.up_to_id).toBeNull();
  });

  it('notifies once per conversation while the earlier notification is unread', async () => {
    const ann = await signedInMember(server);
    const ben = await signedInMember(server);
    await openInbox(ben);
    await send(ann.client, ben.me.id, 'first');
    await send(ann.client, ben.me.id, 'second');
    await send(ann.client, ben.me.id, 'third');
    let fromAnn = (await notificationsOf(ben)).filter(
      (n) => n.type === 'message' && n.from?.id === ann.me.id,
    );
    expect(fromAnn).toHaveLength(1);
    expect(fromAnn[0]!.is_read).toBe(false);

    // Opening the conversation reads the notification too; the next message notifies again.
    await ben.client.post(`/api/conversations/with/${ann.me.id}/read`);
    fromAnn = (await notificationsOf(ben)).filter((n) => n.type === 'message');
    expect(fromAnn.map((n) => n.is_read)).toEqual([true]);
    await send(ann.client, ben.me.id, 'fourth');
    fromAnn = (await notificationsOf(ben)).filter((n) => n.type === 'message');
    expect(fromAnn.map((n) => n.is_read)).toEqual([false, true]);
    // The sender is not notified of their own messages.
    expect((await notificationsOf(ann)).filter((n) => n.type === 'message')).toEqual([]);
  });

  it('stores a retried message once', async () => {
    const ann = await signedInMember(server);
    const ben = await signedInMember(server);
    await openInbox(ben);
    const clientId = crypto.randomUUID();
    const [a, b] = await Promise.all([
      send(ann.client, ben.me.id, 'only once', clientId),
      send(ann.client, ben.me.id, 'only once', clientId),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    const later = await send(ann.client, ben.me.id, 'only once', clientId);
    expect(later.status).toBe(200);
    expect(later.body.id).toBe(a.body.id);
    expect((await history(ben.client, ann.me.id)).body.messages).toHaveLength(1);
    const list = (await ben.client.get('/api/conversations')).body;
    expect(list.conversations[0].unread_count).toBe(1);

    // The same client_id for another member is a client bug, refused without writing anything.
    const cat = await signedInMember(server);
    const reused = await send(ann.client, cat.me.id, 'to Cat', clientId);
    expect(reused.status).toBe(409);
    expect((await cat.client.get('/api/conversations')).body.conversations).toEqual([]);
  });

  it("refuses a blocked sender's retry of an old message, and tells the blocker's tabs nothing", async () => {
    const ann = await signedInMember(server);
    const ben = await signedInMember(server);
    await openInbox(ben);
    const clientId = crypto.randomUUID();
    const first = await send(ann.client, ben.me.id, 'Before the block', clientId);
    expect(first.status).toBe(201);
    expect((await ben.client.request('PUT', `/api/blocks/${ann.me.id}`)).status).toBe(200);

    const benTab = connectSocket(server, ben.client);
    const annTab = connectSocket(server, ann.client);
    sockets.push(benTab, annTab);
    await Promise.all([benTab, annTab].map(connected));
    let heard = 0;
    benTab.on('message:new', () => {
      heard += 1;
    });
    annTab.on('message:new', () => {
      heard += 1;
    });
    const replay = await send(ann.client, ben.me.id, 'Before the block', clientId);
    const fresh = await send(ann.client, ben.me.id, 'After the block');
    expect(replay.status).toBe(fresh.status);
    expect(replay.body).toEqual(fresh.body);
    // As for a missing member: the member who blocked is not there for the blocked one (it was a 403).
    expect(replay.status).toBe(404);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toBe(0);
  });

  it('delivers a message live to both members and nobody else', async () => {
    const ann = await signedInMember(server);
    const ben = await signedInMember(server);
    const eve = await signedInMember(server);
    await openInbox(ben);
    const [annTab, benTab, eveTab] = [ann, ben, eve].map((m) => connectSocket(server, m.client));
    sockets.push(annTab!, benTab!, eveTab!);
    await Promise.all([annTab!, benTab!, eveTab!].map(connected));
    let eveHeard = 0;
    eveTab!.on('message:new', () => {
      eveHeard += 1;
    });
    eveTab!.on('messages:read', () => {
      eveHeard += 1;
    });
    const started = Date.now();
    const atBen = new Promise<Message>((resolve) => benTab!.once('message:new', resolve));
    const atAnn = new Promise<Message>((resolve) => annTab!.once('message:new', resolve));
    const sent = await send(ann.client, ben.me.id, 'Live hello');
    const [received, echoed] = await Promise.all([atBen, atAnn]);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(received).toEqual(sent.body);
    expect(echoed).toEqual(sent.body);
    await ben.client.post(`/api/conversations/with/${ann.me.id}/read`);
    await new Promise((r) => setTimeout(r, 200));
    expect(eveHeard).toBe(0);
  });

  it('keeps a conversation to its two members', async () => {
    const ann = await signedInMember(server);
    const ben = await signedInMember(server);
    const eve = await signedInMember(server);
    await send(ann.client, ben.me.id, 'private');
    // Eve's view of "her conversation with Ann" is her own, empty one; she never sees Ann and Ben's.
    const eveWithAnn = await history(eve.client, ann.me.id);
    expect(eveWithAnn.body.messages).toEqual([]);
    expect((await eve.client.get('/api/conversations')).body.conversations).toEqual([]);
    // A cursor or message id from Ann and Ben's conversation gets Eve nothing.
    const annMessages = (await history(ann.client, ben.me.id)).body.messages as Message[];
    const probe = await history(eve.client, ann.me.id, `?after=${annMessages[0]!.id}`);
    expect(probe.status).toBe(400);
    expect(JSON.stringify(probe.body)).not.toContain('private');
    // Reading as Eve does not mark Ann and Ben's messages read.
    await eve.client.post(`/api/conversations/with/${ann.me.id}/read`);
    expect((await history(ann.client, ben.me.id)).body.messages[0].is_read).toBe(false);
    // Signed out: nothing at all.
    const anonymous = new TestClient(server.baseUrl);
    expect((await anonymous.get('/api/conversations')).status).toBe(401);
    expect((await history(anonymous, ben.me.id)).status).toBe(401);
    expect((await send(anonymous, ben.me.id, 'hi')).status).toBe(401);
  });

  it('refuses empty, over-long and misaddressed messages without writing anything', async () => {
    const ann = await signedInMember(server);
    const ben = await signedInMember(server);
    await openInbox(ben);
    const cases: Array<[unknown, number, string]> = [
      [{ content: '   ', client_id: crypto.randomUUID() }, 400, MESSAGE_TEXTS.empty],
      [
        { content: 'x'.repeat(MESSAGE_MAX_LENGTH + 1), client_id: crypto.randomUUID() },
        400,
        'A message can be at most 2000 characters.',
      ],
      [{ content: 'no id' }, 400, 'client_id is required.'],
      [{ content: 'bad id', client_id: 'x' }, 400, 'client_id must be 8-64 letters, digits or dashes.'],
      [{ content: 42, client_id: crypto.randomUUID() }, 400, 'content is required.'],
      [{ content: 'hi', client_id: crypto.randomUUID(), extra: 1 }, 400, 'Unknown field: extra.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await ann.client.post(`/api/conversations/with/${ben.me.id}/messages`, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(res.body.error.message).toBe(message);
    }
    const exactly = await send(ann.client, ben.me.id, 'y'.repeat(MESSAGE_MAX_LENGTH));
    expect(exactly.status).toBe(201);

    const self = await send(ann.client, ann.me.id, 'note to self');
    expect(self.status).toBe(400);
    expect(self.body.error).toEqual({ code: 'message_to_self', message: MESSAGE_TEXTS.toSelf });
    const nobody = await send(ann.client, '0193a1b2-0000-7000-8000-000000000000', 'anyone?');
    expect(nobody.status).toBe(404);
    expect(nobody.body.error.message).toBe(MESSAGE_TEXTS.memberNotFound);
    expect((await send(ann.client, 'not an id!', 'hi')).status).toBe(404);
    expect((await history(ann.client, ben.me.id, '?before=garbage')).status).toBe(400);
    expect((await history(ann.client, ben.me.id, '?limit=1000')).status).toBe(400);
    expect((await ann.client.get('/api/conversations?limit=0')).status).toBe(400);

    const stored = (await history(ben.client, ann.me.id)).body.messages as Message[];
    expect(stored).toHaveLength(1);
    const benNotes = (await notificationsOf(ben)).filter((n) => n.type === 'message');
    expect(benNotes).toHaveLength(1);
  });

  it('limits how fast one member can send', async () => {
    const ann = await signedInMember(server);
    const ben = await signedInMember(server);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await send(ann.client, ben.me.id, `burst ${i}`)).status);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another member is not slowed down by Ann.
    expect((await send(ben.client, ann.me.id, 'still fine')).status).toBe(201);
  });
});
