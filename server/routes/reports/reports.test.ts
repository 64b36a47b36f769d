import { REPORT_MESSAGES } from '@common/schemas/reports.ts';
import { makeCircle } from '@server/test/circles.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { makePost } from '@server/test/posts.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Member = Awaited<ReturnType<typeof signedInMember>>;

describe.each(dialects)('reports (%s)', (dialect) => {
  let server: TestServer;
  let admin: Member;
  let author: Member;
  let reporter: Member;
  let other: Member;

  const db = () => server.built.ctx.database.db;
  const report = (client: TestClient, body: Record<string, unknown>) => client.post('/api/reports', body);
  const queue = async (status = 'open') =>
    (await admin.client.get(`/api/admin/reports?status=${status}`)).body.reports as Array<
      Record<string, any>
    >;
  const audit = async () =>
    (await admin.client.get('/api/admin/audit')).body.entries as Array<{ action: string; target_id: string }>;

  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    admin = await signedInMember(server, { name: 'Ada Admin' });
    await db().insertInto('user_roles').values({ user_id: admin.me.id, role: 'admin' }).execute();
    author = await signedInMember(server, { name: 'Otto Author' });
    reporter = await signedInMember(server, { name: 'Rita Reporter' });
    other = await signedInMember(server, { name: 'Olga Other' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses bad reports with a sentence and writes nothing', async () => {
    const post = await makePost(author.client, { content: 'Reported soon' });
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ target_type: 'planet', target_id: post.id, reason: 'spam' }, 400, REPORT_MESSAGES.badType],
      [{ target_type: 'post', target_id: post.id, reason: 'boring' }, 400, REPORT_MESSAGES.badReason],
      [{ target_type: 'post', target_id: post.id, reason: 'other' }, 400, REPORT_MESSAGES.detailsNeeded],
      [
        { target_type: 'post', target_id: post.id, reason: 'other', details: '   ' },
        400,
        REPORT_MESSAGES.detailsNeeded,
      ],
      [
        { target_type: 'post', target_id: post.id, reason: 'spam', details: 'bad\u0000' },
        400,
        'Details cannot contain NUL characters.',
      ],
      [
        { target_type: 'post', target_id: post.id, reason: 'spam', details: 'x'.repeat(501) },
        400,
        'Details must be at most 500 characters.',
      ],
      [{ target_type: 'post', target_id: post.id, reason: 'spam', extra: 1 }, 400, ''],
      [{ target_type: 'post', target_id: 'nope', reason: 'spam' }, 404, REPORT_MESSAGES.notFound],
      [{ target_type: 'message', target_id: post.id, reason: 'spam' }, 404, REPORT_MESSAGES.notFound],
    ];
    for (const [body, status, message] of cases) {
      const res = await report(reporter.client, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (message) expect(res.body.error.message).toBe(message);
    }
    const own = await report(author.client, { target_type: 'post', target_id: post.id, reason: 'spam' });
    expect(own.status).toBe(400);
    expect(own.body.error.message).toBe(REPORT_MESSAGES.self);
    expect((await new TestClient(server.baseUrl).post('/api/reports', { target_type: 'post' })).status).toBe(
      401,
    );
    expect(await db().selectFrom('reports').selectAll().execute()).toEqual([]);
  });

  it('files reports on a post, comment, message, circle and member; a repeat changes nothing', async () => {
    const post = await makePost(author.client, { content: 'Buy followers here' });
    const comment = (await author.client.post(`/api/posts/${post.id}/comments`, { content: 'Nasty reply' }))
      .body;
    const message = (
      await author.client.post(`/api/conversations/with/${reporter.me.id}/messages`, {
        content: 'A rude message',
        client_id: 'rude-msg-1',
      })
    ).body;
    const circle = await makeCircle(author.client, { title: 'Loud circle' });
    const targets = [
      ['post', post.id],
      ['comment', comment.id],
      ['message', message.id],
      ['circle', circle.id],
      ['member', author.me.id],
    ] as const;
    const ids: string[] = [];
    for (const [target_type, target_id] of targets) {
      const res = await report(reporter.client, {
        target_type,
        target_id,
        reason: 'spam',
        details: 'Not ok',
      });
      expect(res.status, target_type).toBe(201);
      expect(res.body.status).toBe('open');
      ids.push(res.body.id);
    }
    const again = await report(reporter.client, { target_type: 'post', target_id: post.id, reason: 'hate' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(ids[0]);
    // A message can only be reported by the member who received it.
    const foreign = await report(other.client, {
      target_type: 'message',
      target_id: message.id,
      reason: 'spam',
    });
    expect(foreign.status).toBe(404);
    await report(other.client, { target_type: 'post', target_id: post.id, reason: 'spam' });

    const open = await queue();
    const onPost = open.filter((r) => r.target_id === post.id);
    expect(onPost).toHaveLength(2);
    expect(onPost[0]).toMatchObject({
      target_type: 'post',
      target_path: `/post/${post.id}`,
      target_exists: true,
      excerpt: 'Buy followers here',
      open_reports: 2,
      member: { id: author.me.id, suspended: false },
    });
    expect(open.find((r) => r.target_type === 'message')).toMatchObject({
      excerpt: 'A rude message',
      target_path: null,
      reporter: { id: reporter.me.id },
    });
    expect(open.find((r) => r.target_type === 'comment')?.target_path).toBe(`/post/${post.id}`);
    expect(open.find((r) => r.target_type === 'circle')?.target_path).toBe(`/faithverse/c/${circle.id}`);
    // Members never see the queue.
    expect((await reporter.client.get('/api/admin/reports')).status).toBe(403);
  });

  it('dismisses every open report on a thing at once, in the audit log', async () => {
    const post = await makePost(author.client, { content: 'Harmless' });
    const first = (await report(reporter.client, { target_type: 'post', target_id: post.id, reason: 'spam' }))
      .body;
    await report(other.client, { target_type: 'post', target_id: post.id, reason: 'hate' });
    const res = await admin.client.post(`/api/admin/reports/${first.id}/dismiss`);
    expect(res.body).toEqual({ status: 'dismissed', resolved: 2 });
    expect((await queue()).some((r) => r.target_id === post.id)).toBe(false);
    expect((await queue('resolved')).filter((r) => r.target_id === post.id).map((r) => r.status)).toEqual([
      'dismissed',
      'dismissed',
    ]);
    expect((await admin.client.post(`/api/admin/reports/${first.id}/dismiss`)).status).toBe(409);
    expect((await reporter.client.get(`/api/posts/${post.id}`)).status).toBe(200);
    expect((await audit())[0]).toMatchObject({ action: 'report.dismiss', target_id: post.id });
    // Reporting again after a dismissal opens a new report.
    expect(
      (await report(reporter.client, { target_type: 'post', target_id: post.id, reason: 'spam' })).status,
    ).toBe(201);
  });

  it('removes reported posts, comments, messages and circles', async () => {
    // A reporter of its own: reports are limited per member (20 a minute), and the others used some.
    const reporter = await signedInMember(server, { name: 'Rex Reporter' });
    const post = await makePost(author.client, { content: 'Remove me' });
    const kept = await makePost(author.client, { content: 'Keep me' });
    const comment = (await author.client.post(`/api/posts/${kept.id}/comments`, { content: 'Remove this' }))
      .body;
    const message = (
      await author.client.post(`/api/conversations/with/${reporter.me.id}/messages`, {
        content: 'Remove this message',
        client_id: 'remove-1',
      })
    ).body;
    const circle = await makeCircle(author.client, { title: 'Remove circle' });
    const reportOf = async (target_type: string, target_id: string) =>
      (await report(reporter.client, { target_type, target_id, reason: 'harassment' })).body.id as string;
    const member = await reportOf('member', author.me.id);
    expect((await admin.client.post(`/api/admin/reports/${member}/remove`)).status).toBe(400);

    for (const [type, id] of [
      ['post', post.id],
      ['comment', comment.id],
      ['message', message.id],
      ['circle', circle.id],
    ] as const) {
      const res = await admin.client.post(`/api/admin/reports/${await reportOf(type, id)}/remove`);
      expect(res.status, type).toBe(200);
      expect(res.body.status).toBe('removed');
      expect((await audit())[0]).toMatchObject({ action: 'report.remove', target_id: id });
    }
    expect((await reporter.client.get(`/api/posts/${post.id}`)).status).toBe(404);
    const keptNow = (await reporter.client.get(`/api/posts/${kept.id}`)).body;
    expect(keptNow.comment_count).toBe(0);
    expect((await reporter.client.get(`/api/posts/${kept.id}/comments`)).body.comments ?? []).toEqual([]);
    const chat = (await reporter.client.get(`/api/conversations/with/${author.me.id}/messages`)).body;
    const removed = chat.messages.find((m: { id: string }) => m.id === message.id);
    expect(removed.content).toBe('This message was removed by a moderator.');
    expect((await reporter.client.get(`/api/circles/${circle.id}`)).body.circle.status).toBe('ended');
    const resolved = await queue('resolved');
    expect(resolved.find((r) => r.target_id === post.id)).toMatchObject({
      status: 'removed',
      target_exists: false,
    });
  });
});
