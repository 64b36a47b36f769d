import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  readOutbox,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestDay, sendDailyDigests } from './emailDigests.ts';

const DAY = 24 * 3600 * 1000;

describe.each(dialects)('daily New posts digest and unsubscribe (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  const digestsTo = (email: string) =>
    readOutbox(server).filter((m) => m.to === email.toLowerCase() && /new post/.test(m.subject));
  const rawMails = () =>
    readdirSync(path.join(server.dataDir, 'mail')).map((f) =>
      readFileSync(path.join(server.dataDir, 'mail', f), 'utf8'),
    );

  /** The job runs on a simulated clock: a post it should see as written on a later day is dated so. */
  const postedAt = (id: string, at: number) =>
    server.built.ctx.database.db
      .updateTable('posts')
      .set({ created_at: new Date(at).toISOString() })
      .where('id', '=', id)
      .execute();

  async function reader(name: string) {
    const member = await signedInMember(server, { name });
    expect(
      (await member.client.request('PATCH', '/api/settings/preferences', { email_new_posts: true })).status,
    ).toBe(200);
    return member;
  }

  it('sends followers one digest a day of the new posts of people they follow, with a working unsubscribe', async () => {
    const author = await signedInMember(server, { name: 'Ada Author' });
    const blocked = await signedInMember(server, { name: 'Bo Blocked' });
    const quiet = await signedInMember(server, { name: 'Quinn Quiet' });
    const bob = await reader('Bob Reader');
    const nobody = await reader('Nora Nofollow');
    const off = await signedInMember(server, { name: 'Olga Off' });
    for (const followed of [author, blocked, quiet]) {
      expect((await bob.client.request('PUT', `/api/follows/${followed.me.id}`)).status).toBe(200);
    }
    expect((await off.client.request('PUT', `/api/follows/${author.me.id}`)).status).toBe(200);
    expect((await bob.client.request('PUT', `/api/blocks/${blocked.me.id}`)).status).toBe(200);
    const first = await author.client.post('/api/posts', {
      content: 'Sunday potluck <b>after</b> the service',
    });
    await author.client.post('/api/posts', { content: 'Bring a dessert' });
    await blocked.client.post('/api/posts', { content: 'You should not see this' });

    const now = Date.now() + 1000;
    expect(await sendDailyDigests(server.built.ctx, { now })).toBe(1);
    const [mail, ...others] = digestsTo(bob.input.email);
    expect(others).toEqual([]);
    expect(mail!.subject).toBe('2 new posts from people you follow');
    expect(mail!.text).toContain('Ada Author: Sunday potluck <b>after</b> the service');
    expect(mail!.text).toContain(`${server.baseUrl}/post/${first.body.id}`);
    expect(mail!.text).not.toContain('You should not see this');
    expect(digestsTo(nobody.input.email)).toEqual([]);
    expect(digestsTo(off.input.email)).toEqual([]);
    const raw = rawMails().find(
      (m) => m.includes(bob.input.email.toLowerCase()) && m.includes('List-Unsubscribe'),
    )!;
    expect(raw).toMatch(/List-Unsubscribe:\s*<http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?/);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const html = raw.replace(/=\r?\n/g, '');
    expect(html).toContain('&lt;b&gt;after&lt;/b&gt;');

    // Never twice a day, even if the job runs again (or on another node).
    expect(await sendDailyDigests(server.built.ctx, { now: now + 3600 * 1000 })).toBe(0);
    expect(digestsTo(bob.input.email)).toHaveLength(1);

    // The next day: only what is new since the last digest, and nothing at all when nothing is new.
    expect(await sendDailyDigests(server.built.ctx, { now: now + DAY })).toBe(0);
    const choir = await quiet.client.post('/api/posts', { content: 'Choir practice moved to Thursday' });
    await postedAt(choir.body.id, now + 1.5 * DAY);
    expect(await sendDailyDigests(server.built.ctx, { now: now + 2 * DAY })).toBe(1);
    const second = digestsTo(bob.input.email).at(-1)!;
    expect(second.subject).toBe('1 new post from people you follow');
    expect(second.text).toContain('Choir practice moved to Thursday');
    expect(second.text).not.toContain('Bring a dessert');
    expect(digestDay(now + 2 * DAY)).not.toBe(digestDay(now));

    // The link: GET asks, POST turns the switch off, without a session or an Origin.
    const link = second.links.find((l) => l.includes('/unsubscribe?'))!;
    const visitor = new TestClient(server.baseUrl);
    const asked = await visitor.request('GET', link.replace(server.baseUrl, ''), undefined, {
      headers: { accept: 'text/html' },
    });
    expect(asked.status).toBe(200);
    expect(asked.headers.get('content-type')).toContain('text/html');
    expect(asked.body).toContain('Stop getting the daily New posts email?');
    expect((await bob.client.get('/api/settings/preferences')).body.email_new_posts).toBe(true);
    // A mail client's one-click POST (RFC 8058): no session, no Origin, a form body, JSON back.
    const done = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ unsubscribed: 'digest' });
    expect((await bob.client.get('/api/settings/preferences')).body).toMatchObject({
      email_new_posts: false,
      email_updates: false,
    });
    const more = await author.client.post('/api/posts', { content: 'One more' });
    await postedAt(more.body.id, now + 2.5 * DAY);
    expect(await sendDailyDigests(server.built.ctx, { now: now + 3 * DAY })).toBe(0);
  });

  it("puts a group's posts in its members' digests by their setting, never in a follower's outside it", async () => {
    const author = await signedInMember(server, { name: 'Gi Author' });
    const inAll = await reader('Gi All');
    const inOff = await reader('Gi Off');
    const follower = await reader('Gi Follower');
    expect((await follower.client.request('PUT', `/api/follows/${author.me.id}`)).status).toBe(200);
    const group = await author.client.post('/api/groups', {
      name: 'Digest Group',
      category: 'food',
      privacy: 'private',
    });
    for (const m of [inAll, inOff]) {
      await author.client.post(`/api/groups/${group.body.slug}/invitations`, {
        username: m.me.profile.username,
      });
      await m.client.post(`/api/groups/${group.body.slug}/join`);
    }
    await inOff.client.request('PUT', `/api/groups/${group.body.slug}/notify`, { notify: 'off' });
    const post = await author.client.post('/api/posts', {
      content: 'Supper on Friday',
      group_id: group.body.id,
    });
    expect(post.status).toBe(201);
    // A prayer request for the group alone is read in Splikz, never in an email (policies/prayer.ts).
    const request = await author.client.post('/api/posts', {
      content: 'Pray for my sister in hospital',
      category: 'prayer',
      prayer_type: 'intercession',
      visibility: 'group',
      group_id: group.body.id,
    });
    expect(request.status, JSON.stringify(request.body)).toBe(201);
    const now = Date.now() + 10 * DAY;
    await postedAt(post.body.id, now - 1000);
    await postedAt(request.body.id, now - 900);
    await sendDailyDigests(server.built.ctx, { now });
    expect(digestsTo(inAll.input.email).at(-1)?.text).toContain('Supper on Friday');
    expect(digestsTo(inAll.input.email).at(-1)?.text).not.toContain('my sister');
    expect(digestsTo(inOff.input.email)).toEqual([]);
    expect(digestsTo(follower.input.email)).toEqual([]);
  });

  it('refuses a forged, cut or foreign link and changes nothing', async () => {
    const carol = await reader('Carol Careful');
    const dave = await reader('Dave Other');
    const url = new URL('/unsubscribe', server.baseUrl);
    const good = (await import('@server/mail/unsubscribe.ts')).unsubscribeUrl(
      server.baseUrl,
      server.built.ctx.config.authSecret,
      carol.me.id,
      'digest',
    );
    const token = new URL(good).searchParams.get('t')!;
    const cases = [
      { u: dave.me.id, k: 'digest', t: token },
      { u: carol.me.id, k: 'updates', t: token },
      { u: carol.me.id, k: 'digest', t: token.slice(0, -2) },
      { u: carol.me.id, k: 'digest', t: `${token}\u0000` },
      { u: carol.me.id, k: '__proto__', t: token },
      { u: carol.me.id, k: 'digest' },
      { u: 'x'.repeat(5000), k: 'digest', t: token },
    ];
    for (const params of cases) {
      url.search = new URLSearchParams(params as Record<string, string>).toString();
      for (const method of ['GET', 'POST']) {
        const res = await fetch(url, { method });
        expect([400, 414]).toContain(res.status);
      }
    }
    for (const member of [carol, dave]) {
      expect((await member.client.get('/api/settings/preferences')).body.email_new_posts).toBe(true);
    }
  });
});
