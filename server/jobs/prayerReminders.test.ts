import { type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  readOutbox,
  startTestServer,
  type TestServer,
} from '@server/test/harness.ts';
import { notificationsOf, SEEN_EVERYWHERE, whereSeen } from '@server/test/prayer.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askBeforeExpiry, sendPrayerReminders } from './prayerReminders.ts';

/**
 * The prayer jobs (issue 27): 'Still need prayer?' once before a request expires, expiry and renewal,
 * and the daily reminder at the member's local time, each exactly once however many runners ask.
 */
describe.each(dialects)('prayer reminders and expiry (%s)', (dialect) => {
  let server: TestServer;
  let author: GroupTestMember;
  let friend: GroupTestMember;
  let stranger: GroupTestMember;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    [author, friend, stranger] = await Promise.all([
      groupTestMember(server, 'Ana Asker'),
      groupTestMember(server, 'Fred Friend'),
      groupTestMember(server, 'Sam Stranger'),
    ]);
  });
  afterAll(async () => {
    await server.close();
  });

  const ask = async (fields: Record<string, unknown>) => {
    const res = await author.client.post('/api/posts', {
      category: 'prayer',
      content: 'Please pray',
      ...fields,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string };
  };
  const sees = (who: GroupTestMember, id: string) => whereSeen(who, author.id, id);
  const all = SEEN_EVERYWHERE;
  const notifications = notificationsOf;

  it('expires, asks the author once, and renews', async () => {
    const request = await ask({ content: 'A week of need', expires_after_days: 7 });
    const ctx = server.built.ctx;
    const fiveDays = Date.now() + 5 * 24 * 3600 * 1000;
    const [a, b] = await Promise.all([
      askBeforeExpiry(ctx, { now: fiveDays }),
      askBeforeExpiry(ctx, { now: fiveDays }),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(
      (await notifications(author)).filter((n) => n.type === 'prayer_expiring' && n.post_id === request.id),
    ).toHaveLength(1);
    await askBeforeExpiry(ctx, { now: fiveDays });
    expect(
      (await notifications(author)).filter((n) => n.type === 'prayer_expiring' && n.post_id === request.id),
    ).toHaveLength(1);
    await friend.client.request('PUT', `/api/prayer/list/${request.id}`);

    // Past its expiry: gone from feeds and lists, still in the journal, marked expired.
    await ctx.database.db
      .updateTable('posts')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', request.id)
      .execute();
    expect(await sees(stranger, request.id)).toMatchObject({
      home: false,
      prayer: false,
      post: true,
      profile: true,
    });
    expect(
      (await friend.client.get('/api/prayer/list')).body.items.map(
        (i: { post: { id: string } }) => i.post.id,
      ),
    ).not.toContain(request.id);
    const journal = await author.client.get('/api/prayer/journal');
    expect(
      (journal.body.posts as Array<{ id: string; prayer: { expired: boolean } }>).find(
        (p) => p.id === request.id,
      )?.prayer.expired,
    ).toBe(true);
    expect((await friend.client.request('PUT', `/api/prayer/list/${request.id}`)).status).toBe(409);

    const renewed = await author.client.post(`/api/posts/${request.id}/renew`, {});
    expect(renewed.body.prayer.expired).toBe(false);
    expect(Date.parse(renewed.body.prayer.expires_at)).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    expect(await sees(stranger, request.id)).toEqual(all);
    expect(
      (await notifications(author)).filter((n) => n.type === 'prayer_expiring' && n.post_id === request.id),
    ).toEqual([]);
    // 'Never' expires no more.
    const never = await author.client.request('PATCH', `/api/posts/${request.id}/prayer`, {
      expires_after_days: null,
    });
    expect(never.body.prayer).toMatchObject({ expires_at: null, expires_after_days: null });
  });

  it('reminds a member once a day at their local time, however many runners ask', async () => {
    const request = await ask({ content: 'Remind us' });
    await stranger.client.request('PUT', `/api/prayer/list/${request.id}`);
    const set = await stranger.client.request('PUT', '/api/prayer/reminder', {
      time: '07:30',
      time_zone: 'America/New_York',
    });
    expect(set.body).toEqual({ time: '07:30', time_zone: 'America/New_York' });
    const row = await server.built.ctx.database.db
      .selectFrom('prayer_reminders')
      .selectAll()
      .where('user_id', '=', stranger.id)
      .executeTakeFirstOrThrow();
    const due = Date.parse(String(row.next_at));
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(due);
    expect(local).toBe('07:30');
    const ctx = server.built.ctx;
    const [a, b] = await Promise.all([
      sendPrayerReminders(ctx, { now: due + 1000 }),
      sendPrayerReminders(ctx, { now: due + 1000 }),
    ]);
    expect(a + b).toBe(1);
    const lines = (await notifications(stranger)).filter((n) => n.type === 'prayer_reminder');
    expect(lines).toHaveLength(1);
    expect(Number(lines[0]?.message)).toBeGreaterThanOrEqual(1);
    expect(await sendPrayerReminders(ctx, { now: due + 2000 })).toBe(0);
    // The email names how many requests wait, never their text or who asked.
    const address = String((await stranger.client.get('/api/me')).body.email).toLowerCase();
    const mails = readOutbox(server).filter((m) => m.to === address && m.subject === 'Time to pray');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Requests on your prayer list: ');
    expect(mails[0]?.text).not.toContain('Remind us');
    expect(mails[0]?.links.some((link) => link.endsWith('/prayer/list'))).toBe(true);
    expect(
      (await stranger.client.request('PUT', '/api/prayer/reminder', { time: null, time_zone: 'UTC' })).body
        .time,
    ).toBeNull();
    expect((await stranger.client.get('/api/prayer/list')).body.reminder).toEqual({
      time: null,
      time_zone: null,
    });
  });
});
