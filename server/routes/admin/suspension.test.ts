import { MESSAGE_TEXTS } from '@common/schemas/messages.ts';
import { REPORT_MESSAGES } from '@common/schemas/reports.ts';
import { goLive, letIn, makeCircle } from '@server/test/circles.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { makePost } from '@server/test/posts.ts';
import { connected, connectSocket } from '@server/test/sockets.ts';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Member = Awaited<ReturnType<typeof signedInMember>>;

describe.each(dialects)('suspension (%s)', (dialect) => {
  let server: TestServer;
  let admin: Member;
  let viewer: Member;

  const db = () => server.built.ctx.database.db;
  const signIn = (input: Member['input']) =>
    new TestClient(server.baseUrl).post('/api/auth/sign-in/email', {
      email: input.email,
      password: input.password,
    });
  const audit = async () =>
    (await admin.client.get('/api/admin/audit')).body.entries as Array<{ action: string; target_id: string }>;

  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    admin = await signedInMember(server, { name: 'Ada Admin' });
    await db().insertInto('user_roles').values({ user_id: admin.me.id, role: 'admin' }).execute();
    viewer = await signedInMember(server, { name: 'Vera Viewer' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('ends sessions and sockets at once, refuses sign-in, hides content; restoring undoes it', async () => {
    const bad = await signedInMember(server, { name: 'Boris Bad' });
    const post = await makePost(bad.client, { content: 'Spam spam spam' });
    const onViewerPost = await makePost(viewer.client, { content: 'Hello' });
    await bad.client.post(`/api/posts/${onViewerPost.id}/comments`, { content: 'Spam comment' });
    const circle = await makeCircle(bad.client, { title: 'Spam circle' });
    const second = await signIn(bad.input);
    expect(second.status).toBe(200);
    const socket = connectSocket(server, bad.client);
    await connected(socket);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const reported = await viewer.client.post('/api/reports', {
      target_type: 'post',
      target_id: post.id,
      reason: 'spam',
    });

    const res = await admin.client.post(`/api/admin/reports/${reported.body.id}/suspend`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'suspended', resolved: 1 });
    expect(await closed).toBe('io server disconnect');
    socket.close();
    // Every session of theirs is refused, at once.
    expect((await bad.client.get('/api/me')).status).toBe(401);
    const sessions = await db().selectFrom('session').select('id').where('userId', '=', bad.me.id).execute();
    expect(sessions).toEqual([]);
    const refused = await signIn(bad.input);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(REPORT_MESSAGES.suspended);
    expect(
      refused.headers
        .getSetCookie()
        .some((c) => c.startsWith('better-auth.session_token=') && !c.includes('=;')),
    ).toBe(false);
    // Their profile, posts, comments and circles are hidden from everyone.
    expect((await viewer.client.get(`/api/profiles/by-username/${bad.me.profile.username}`)).status).toBe(
      404,
    );
    expect((await viewer.client.get(`/api/posts/${post.id}`)).status).toBe(404);
    const feed = (await viewer.client.get('/api/posts')).body.posts as Array<{ id: string }>;
    expect(feed.some((p) => p.id === post.id)).toBe(false);
    const comments = (await viewer.client.get(`/api/posts/${onViewerPost.id}/comments`)).body;
    expect(JSON.stringify(comments)).not.toContain('Spam comment');
    expect((await viewer.client.get(`/api/circles/${circle.id}`)).status).toBe(404);
    const ended = await db()
      .selectFrom('faith_circles')
      .select('status')
      .where('id', '=', circle.id)
      .executeTakeFirst();
    expect(ended?.status).toBe('ended');
    const listed = (await admin.client.get('/api/admin/members?q=boris')).body.members;
    expect(listed[0]).toMatchObject({ id: bad.me.id, suspended: true });
    expect((await audit())[0]).toMatchObject({ action: 'member.suspend', target_id: bad.me.id });

    const restored = await admin.client.post(`/api/admin/members/${bad.me.id}/restore`);
    expect(restored.status).toBe(200);
    expect((await audit())[0]).toMatchObject({ action: 'member.restore', target_id: bad.me.id });
    const back = await signIn(bad.input);
    expect(back.status).toBe(200);
    expect((await viewer.client.get(`/api/posts/${post.id}`)).status).toBe(200);
    expect((await viewer.client.get(`/api/profiles/by-username/${bad.me.profile.username}`)).status).toBe(
      200,
    );
  });

  it('hides their conversation, name in bells and places in circles; refuses messages, likes and comments to them', async () => {
    const bad = await signedInMember(server, { name: 'Sly Side-door' });
    const post = await makePost(bad.client, { content: 'Mine' });
    const onViewerPost = await makePost(viewer.client, { content: 'Hello there' });
    await bad.client.post(`/api/posts/${onViewerPost.id}/comments`, { content: 'Sly comment' });
    const sent = await bad.client.post(`/api/conversations/with/${viewer.me.id}/messages`, {
      content: 'Sly message',
      client_id: uuidv7(),
    });
    expect(sent.status).toBe(201);
    const circle = await makeCircle(viewer.client, { visibility: 'public' });
    await letIn(viewer, bad, circle.id);
    await goLive(viewer.client, circle.id);
    expect((await bad.client.post(`/api/circles/${circle.id}/chat`, { content: 'Sly chat' })).status).toBe(
      201,
    );
    const username = bad.me.profile.username as string;
    // Everything below shows them before the suspension.
    expect(JSON.stringify((await viewer.client.get('/api/notifications')).body)).toContain(username);
    expect(JSON.stringify((await viewer.client.get(`/api/circles/${circle.id}/members`)).body)).toContain(
      username,
    );

    expect((await admin.client.post(`/api/admin/members/${bad.me.id}/suspend`)).status).toBe(200);

    const conversations = (await viewer.client.get('/api/conversations')).body;
    expect(JSON.stringify(conversations)).not.toContain(bad.me.id);
    const history = await viewer.client.get(`/api/conversations/with/${bad.me.id}/messages`);
    expect(history.status).toBe(404);
    expect(history.body.error.message).toBe(MESSAGE_TEXTS.memberNotFound);
    const reply = await viewer.client.post(`/api/conversations/with/${bad.me.id}/messages`, {
      content: 'Are you there?',
      client_id: uuidv7(),
    });
    expect(reply.status).toBe(404);
    expect(reply.body.error.message).toBe(MESSAGE_TEXTS.memberNotFound);
    const bell = (await viewer.client.get('/api/notifications')).body;
    expect(bell.notifications.length).toBeGreaterThan(0);
    expect(JSON.stringify(bell)).not.toContain(username);
    expect(JSON.stringify(bell)).not.toContain('Sly Side-door');
    for (const list of ['members', 'chat']) {
      const res = await viewer.client.get(`/api/circles/${circle.id}/${list}`);
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain(bad.me.id);
    }
    const like = await viewer.client.request('PUT', `/api/posts/${post.id}/like`);
    expect(like.status).toBe(404);
    expect(like.body.error.message).toBe('Post not found');
    const comment = await viewer.client.post(`/api/posts/${post.id}/comments`, { content: 'Hi' });
    expect(comment.status).toBe(404);
    expect(comment.body.error.message).toBe('Post not found');
    const comments = (await viewer.client.get(`/api/posts/${onViewerPost.id}/comments`)).body;
    expect(JSON.stringify(comments)).not.toContain('Sly comment');
    expect((await viewer.client.request('PUT', `/api/follows/${bad.me.id}`)).status).toBe(404);

    // Restoring brings it all back.
    expect((await admin.client.post(`/api/admin/members/${bad.me.id}/restore`)).status).toBe(200);
    expect((await viewer.client.get(`/api/conversations/with/${bad.me.id}/messages`)).status).toBe(200);
    expect(JSON.stringify((await viewer.client.get('/api/notifications')).body)).toContain(username);
    expect((await viewer.client.request('PUT', `/api/posts/${post.id}/like`)).status).toBe(200);
  });

  it('suspends from the members list; never oneself, never an admin; members cannot', async () => {
    const member = await signedInMember(server, { name: 'Mia Member' });
    const otherAdmin = await signedInMember(server, { name: 'Alan Admin' });
    await db().insertInto('user_roles').values({ user_id: otherAdmin.me.id, role: 'admin' }).execute();

    expect((await member.client.post(`/api/admin/members/${viewer.me.id}/suspend`)).status).toBe(403);
    expect(
      (await new TestClient(server.baseUrl).post(`/api/admin/members/${viewer.me.id}/suspend`)).status,
    ).toBe(401);
    const self = await admin.client.post(`/api/admin/members/${admin.me.id}/suspend`);
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe(REPORT_MESSAGES.cannotSuspendSelf);
    const anAdmin = await admin.client.post(`/api/admin/members/${otherAdmin.me.id}/suspend`);
    expect(anAdmin.status).toBe(409);
    expect(anAdmin.body.error.message).toBe(REPORT_MESSAGES.cannotSuspendAdmin);
    expect((await admin.client.post('/api/admin/members/not-a-member/suspend')).status).toBe(404);
    expect((await admin.client.post('/api/admin/members/%00/suspend')).status).toBe(400);

    const res = await admin.client.post(`/api/admin/members/${member.me.id}/suspend`);
    expect(res.body).toEqual({ status: 'suspended', resolved: 0 });
    expect((await member.client.get('/api/me')).status).toBe(401);
    // Suspending again writes no second audit line.
    const before = (await audit()).length;
    await admin.client.post(`/api/admin/members/${member.me.id}/suspend`);
    expect((await audit()).length).toBe(before);
  });
});
