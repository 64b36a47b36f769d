import { dialects, GENEROUS_AUTH_LIMITS, startTestServer, type TestServer } from '@server/test/harness.ts';
import { api, memberToken } from '@server/test/mastodon.ts';
import { signedInMember } from '@server/test/members.ts';
import { makePost } from '@server/test/posts.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

type Message = { stream: string[]; event: string; payload: string };

/** The first message that matches, once the socket has received it (within 5 s). */
async function arrived(messages: Message[], match: (m: Message) => boolean): Promise<Message> {
  for (let waited = 0; waited < 5000; waited += 10) {
    const found = messages.find(match);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no such message among ${messages.length}`);
}

/** A Mastodon streaming WebSocket, its messages kept in order. */
async function openSocket(server: TestServer, query: string, protocols?: string) {
  const url = `${server.baseUrl.replace('http', 'ws')}/api/v1/streaming?${query}`;
  const ws = new WebSocket(url, protocols);
  const messages: Message[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  return { ws, messages, closed };
}

describe.each(dialects)('Mastodon streaming (%s)', (dialect) => {
  let server: TestServer;
  let ann: Awaited<ReturnType<typeof signedInMember>>;
  let ben: Awaited<ReturnType<typeof signedInMember>>;
  let annToken: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    ann = await signedInMember(server, { name: 'Ann Streamer' });
    ben = await signedInMember(server, { name: 'Ben Poster' });
    annToken = (await memberToken(server, ann.client)).token;
  });
  afterAll(async () => {
    await server.close();
  });
  const idle = () => server.built.ctx.appStreams!.idle();

  it('sends a new post to the streams whose home feed it is in, and only its id when it goes', async () => {
    const cy = await signedInMember(server, { name: 'Cy Outsider' });
    const cyToken = (await memberToken(server, cy.client)).token;
    const annStream = await openSocket(server, `stream=user&access_token=${annToken}`);
    // The token may come as the WebSocket protocol, as some apps send it.
    const cyStream = await openSocket(server, 'stream=public', cyToken);
    const post = await makePost(ben.client, { content: 'Fresh out of the oven #bread' });
    const update = await arrived(annStream.messages, (m) => m.event === 'update');
    expect(update?.stream).toEqual(['user']);
    expect(JSON.parse(update!.payload)).toMatchObject({ id: post.id, account: { id: ben.me.id } });
    await arrived(cyStream.messages, (m) => m.payload.includes(post.id));
    expect(cyStream.messages.map((m) => [m.event, JSON.parse(m.payload).id])[0]).toEqual(['update', post.id]);

    // A friends-only post reaches neither: Ann and Cy are no friends of Ben's.
    const hidden = await makePost(ben.client, { content: 'Just for friends', visibility: 'friends' });
    // A post for everyone after it: once it is here, the friends-only one would have come first.
    const after = await makePost(ben.client, { content: 'For everyone again' });
    await arrived(annStream.messages, (m) => m.payload.includes(after.id));
    await arrived(cyStream.messages, (m) => m.payload.includes(after.id));
    expect(annStream.messages.some((m) => m.payload.includes(hidden.id))).toBe(false);
    expect(cyStream.messages.some((m) => m.payload.includes(hidden.id))).toBe(false);

    // Subscribing to a hashtag over the same socket.
    cyStream.ws.send(JSON.stringify({ type: 'subscribe', stream: 'hashtag', tag: 'Bread' }));
    cyStream.ws.send(JSON.stringify({ type: 'unsubscribe', stream: 'public' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const tagged = await makePost(ben.client, { content: 'More #bread' });
    await arrived(cyStream.messages, (m) => m.payload.includes(tagged.id));
    expect(cyStream.messages.at(-1)).toMatchObject({ stream: ['hashtag:bread'], event: 'update' });
    expect(JSON.parse(cyStream.messages.at(-1)!.payload).id).toBe(tagged.id);

    expect((await ben.client.request('DELETE', `/api/posts/${post.id}`)).status).toBe(204);
    await arrived(annStream.messages, (m) => m.event === 'delete');
    expect(annStream.messages.at(-1)).toEqual({ stream: ['user'], event: 'delete', payload: post.id });
    annStream.ws.close();
    cyStream.ws.close();
  });

  it("sends the member's new notifications, and closes when the app is revoked", async () => {
    const { token, app } = await memberToken(server, ann.client);
    const stream = await openSocket(server, `stream=user&access_token=${token}`);
    const mine = await api(server, token, 'POST', '/api/v1/statuses', { status: 'Like this please' });
    expect((await ben.client.request('PUT', `/api/posts/${mine.body.id}/like`)).status).toBe(200);
    const note = await arrived(stream.messages, (m) => m.event === 'notification');
    expect(JSON.parse(note!.payload)).toMatchObject({
      type: 'favourite',
      account: { id: ben.me.id },
      status: { id: mine.body.id },
    });
    expect((await ann.client.request('DELETE', `/api/settings/apps/${app.id}`)).status).toBe(200);
    expect(await stream.closed).toBe(1000);
    await expect(openSocket(server, `stream=user&access_token=${token}`)).rejects.toThrow('status 401');
  });

  it('streams as server-sent events too, and refuses a stream without a valid token', async () => {
    const controller = new AbortController();
    const res = await fetch(`${server.baseUrl}/api/v1/streaming/public`, {
      headers: { authorization: `Bearer ${annToken}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    await reader.read(); // the opening comment
    const post = await makePost(ben.client, { content: 'Over server-sent events' });
    await idle();
    let text = '';
    while (!text.includes(post.id)) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toMatch(/^event: update\ndata: \{/m);
    controller.abort();
    expect((await fetch(`${server.baseUrl}/api/v1/streaming/user`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/api/v1/streaming/health`)).status).toBe(200);
    await expect(openSocket(server, 'stream=user&access_token=nope')).rejects.toThrow('status 401');
    await expect(openSocket(server, `stream=nonsense&access_token=${annToken}`)).rejects.toThrow(
      'status 400',
    );
  });
});
