import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { type LocalPushService, pushSettingsFor, startPushService } from '@server/test/pushService.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('web push (%s)', (dialect) => {
  let server: TestServer;
  let pushService: LocalPushService;
  beforeAll(async () => {
    pushService = await startPushService();
    // Only this test's local push service may be posted to, and its certificate is trusted.
    server = await startTestServer(dialect, {
      ...GENEROUS_AUTH_LIMITS,
      push: pushSettingsFor(pushService),
    });
  });
  afterAll(async () => {
    await server.close();
    await pushService.close();
  });

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 30));
    return check();
  };

  it('sends a like, a comment, a message and a followed member’s new post to the browsers that opted in', async () => {
    const ada = await signedInMember(server, { name: 'Ada Author' });
    const bob = await signedInMember(server, { name: 'Bob Fan' });
    const key = await ada.client.get('/api/push/key');
    expect(key.body.public_key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const phone = pushService.browser('ada-phone');
    const laptop = pushService.browser('ada-laptop');
    for (const browser of [phone, laptop]) {
      expect((await ada.client.request('PUT', '/api/push/subscription', browser.subscription)).status).toBe(
        204,
      );
    }
    const post = await ada.client.post('/api/posts', { content: 'Push me' });
    await bob.client.request('PUT', `/api/posts/${post.body.id}/like`);
    expect(await until(() => phone.received().length === 1 && laptop.received().length === 1)).toBe(true);
    expect(phone.received()[0]).toEqual({
      title: 'Bob Fan',
      body: 'liked your post',
      url: `/post/${post.body.id}`,
      tag: `post-${post.body.id}`,
    });
    expect(pushService.requests()[0]!.authorization).toMatch(/^vapid t=.+, k=.+$/);

    // Her switches decide: with Likes off, a like sends nothing; a comment still does.
    expect(
      (await ada.client.request('PATCH', '/api/settings/preferences', { push_likes: false })).status,
    ).toBe(200);
    const second = await ada.client.post('/api/posts', { content: 'Push me again' });
    await bob.client.request('PUT', `/api/posts/${second.body.id}/like`);
    await bob.client.post(`/api/posts/${second.body.id}/comments`, { content: 'Nice' });
    expect(await until(() => phone.received().length === 2)).toBe(true);
    expect(phone.received()[1]).toMatchObject({ body: 'commented on your post' });

    // A message, in her language.
    expect(
      (await ada.client.request('PATCH', '/api/settings/preferences', { language: 'es-ES' })).status,
    ).toBe(200);
    await ada.client.request('PUT', `/api/follows/${bob.me.id}`);
    await bob.client.post(`/api/friend-requests/${ada.me.id}/accept`);
    const sent = await bob.client.post(`/api/conversations/with/${ada.me.id}/messages`, {
      content: 'Hola',
      client_id: crypto.randomUUID(),
    });
    expect(sent.status).toBe(201);
    expect(await until(() => phone.received().length === 3)).toBe(true);
    expect(phone.received()[2]).toMatchObject({
      title: 'Bob Fan',
      url: `/messages?to=${bob.me.profile.username}`,
    });
    expect((phone.received()[2] as { body: string }).body).not.toBe('sent you a message');

    // Bob follows Ada and opted in: her new post reaches him; Ada does not hear of her own post.
    expect((await bob.client.request('PUT', `/api/follows/${ada.me.id}`)).status).toBe(200);
    const bobs = pushService.browser('bob');
    expect((await bob.client.request('PUT', '/api/push/subscription', bobs.subscription)).status).toBe(204);
    const news = await ada.client.post('/api/posts', { content: 'Fresh news' });
    expect(await until(() => bobs.received().length === 1)).toBe(true);
    expect(bobs.received()[0]).toMatchObject({ title: 'Ada Author', url: `/post/${news.body.id}` });
    expect(phone.received()).toHaveLength(3);
  });

  it('sends a mention to the browsers of the member it names, unless Mentions is off', async () => {
    const cat = await signedInMember(server, { name: 'Cat Caller' });
    const dan = await signedInMember(server, { name: 'Dan Named' });
    const eve = await signedInMember(server, { name: 'Eve Quiet' });
    const dans = pushService.browser('dan');
    const eves = pushService.browser('eve');
    expect((await dan.client.request('PUT', '/api/push/subscription', dans.subscription)).status).toBe(204);
    expect((await eve.client.request('PUT', '/api/push/subscription', eves.subscription)).status).toBe(204);
    expect(
      (await eve.client.request('PATCH', '/api/settings/preferences', { push_mentions: false })).status,
    ).toBe(200);
    const post = await cat.client.post('/api/posts', {
      content: `Eve @${eve.me.profile.username} and Dan @${dan.me.profile.username}, supper?`,
    });
    expect(post.status).toBe(201);
    expect(await until(() => dans.received().length === 1)).toBe(true);
    expect(dans.received()[0]).toEqual({
      title: 'Cat Caller',
      body: 'mentioned you',
      url: `/post/${post.body.id}`,
      tag: `post-${post.body.id}`,
    });
    // Eve was named first: had hers gone, it would be here by now.
    expect(eves.received()).toEqual([]);
  });

  it('sends the daily prayer reminder from nobody, naming only the count, unless Prayer is off', async () => {
    const { sendPrayerReminders } = await import('@server/jobs/prayerReminders.ts');
    const asker = await signedInMember(server, { name: 'Ann Asker' });
    const praying = await signedInMember(server, { name: 'Pia Praying' });
    const browser = pushService.browser('pia-phone');
    expect((await praying.client.request('PUT', '/api/push/subscription', browser.subscription)).status).toBe(
      204,
    );
    const request = await asker.client.post('/api/posts', {
      category: 'prayer',
      content: 'Pray for our harvest',
    });
    await praying.client.request('PUT', `/api/prayer/list/${request.body.id}`);
    await praying.client.request('PUT', '/api/prayer/reminder', { time: '06:00', time_zone: 'UTC' });
    const later = Date.now() + 2 * 24 * 3600 * 1000;
    expect(await sendPrayerReminders(server.built.ctx, { now: later })).toBe(1);
    expect(await until(() => browser.received().length === 1)).toBe(true);
    expect(browser.received()[0]).toEqual({
      title: 'Time to pray',
      body: 'Requests on your prayer list: 1',
      url: '/prayer/list',
      tag: 'prayer-reminder',
    });
    await praying.client.request('PATCH', '/api/settings/preferences', { push_prayer: false });
    expect(await sendPrayerReminders(server.built.ctx, { now: later + 24 * 3600 * 1000 })).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(browser.received()).toHaveLength(1);
  });

  it('forgets a browser its push service says is gone, and one the member turns off', async () => {
    const cy = await signedInMember(server, { name: 'Cy Gone' });
    const dee = await signedInMember(server, { name: 'Dee Liker' });
    const old = pushService.browser('cy-old');
    const current = pushService.browser('cy-current');
    await cy.client.request('PUT', '/api/push/subscription', old.subscription);
    await cy.client.request('PUT', '/api/push/subscription', current.subscription);
    pushService.gone(old.subscription.endpoint);
    const post = await cy.client.post('/api/posts', { content: 'Anyone?' });
    await dee.client.request('PUT', `/api/posts/${post.body.id}/like`);
    expect(await until(() => current.received().length === 1)).toBe(true);
    const db = server.built.ctx.database.db;
    const endpoints = async () =>
      (
        await db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', cy.me.id).execute()
      ).map((r) => r.endpoint);
    // The 410 is answered after the like's request: the old browser goes soon after.
    for (let i = 0; i < 50 && (await endpoints()).length > 1; i += 1)
      await new Promise((r) => setTimeout(r, 30));
    expect(await endpoints()).toEqual([current.subscription.endpoint]);
    expect(
      (
        await cy.client.request('DELETE', '/api/push/subscription', {
          endpoint: current.subscription.endpoint,
        })
      ).status,
    ).toBe(204);
    expect(await endpoints()).toEqual([]);
  });

  it('never hands a browser another member holds to whoever stores its endpoint', async () => {
    const gus = await signedInMember(server, { name: 'Gus Holder' });
    const hal = await signedInMember(server, { name: 'Hal Taker' });
    const browser = pushService.browser('gus');
    expect((await gus.client.request('PUT', '/api/push/subscription', browser.subscription)).status).toBe(
      204,
    );
    const rowsOf = () =>
      server.built.ctx.database.db
        .selectFrom('push_subscriptions')
        .select(['user_id', 'p256dh', 'auth'])
        .where('endpoint', '=', browser.subscription.endpoint)
        .execute();
    const before = await rowsOf();

    const stolen = { ...browser.subscription, keys: pushService.browser('hal').subscription.keys };
    const taken = await hal.client.request('PUT', '/api/push/subscription', stolen);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({
      code: 'push_endpoint_taken',
      message:
        'Another account already gets notifications in this browser. Turn notifications off here, then on again.',
    });
    expect(await rowsOf()).toEqual(before);
    expect(before).toMatchObject([{ user_id: gus.me.id }]);
    // Its holder may store it again (new keys, the same browser).
    expect((await gus.client.request('PUT', '/api/push/subscription', stolen)).status).toBe(204);
    expect(await rowsOf()).toEqual([{ user_id: gus.me.id, ...stolen.keys }]);
  });

  it('keeps a member’s ten newest browsers, and limits how often they subscribe', async () => {
    const ida = await signedInMember(server, { name: 'Ida Many' });
    const browsers = Array.from({ length: 11 }, (_, i) => pushService.browser(`ida-${i}`));
    for (const browser of browsers) {
      expect((await ida.client.request('PUT', '/api/push/subscription', browser.subscription)).status).toBe(
        204,
      );
    }
    const stored = await server.built.ctx.database.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', ida.me.id)
      .execute();
    expect(stored.map((r) => r.endpoint).sort()).toEqual(
      browsers
        .slice(1)
        .map((b) => b.subscription.endpoint)
        .sort(),
    );

    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await ida.client.request('PUT', '/api/push/subscription', browsers[10]!.subscription);
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 9).every((s) => s === 204)).toBe(true);
    expect(statuses[9]).toBe(429);
  });

  it('refuses addresses that are not a push service, bad keys, strangers, and another member’s browser', async () => {
    const eve = await signedInMember(server, { name: 'Eve Tries' });
    const fay = await signedInMember(server, { name: 'Fay Owner' });
    const good = pushService.browser('fay').subscription;
    const cases: Array<[unknown, number]> = [
      [{ ...good, endpoint: 'http://169.254.169.254/latest/meta-data' }, 400],
      [{ ...good, endpoint: 'https://evil.example/push' }, 400],
      [{ ...good, endpoint: `https://user:pw@${pushService.host}/push/x` }, 400],
      [{ ...good, endpoint: good.endpoint.replace('https:', 'http:') }, 400],
      [{ ...good, endpoint: 'not a url' }, 400],
      [{ ...good, keys: { p256dh: 'not base64!', auth: good.keys.auth } }, 400],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, 400],
      [{ endpoint: good.endpoint }, 400],
      [{ ...good, endpoint: `${good.endpoint}\u0000` }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await eve.client.request('PUT', '/api/push/subscription', body);
      expect(res.status).toBe(status);
      expect(res.body.error.message).toEqual(expect.any(String));
    }
    expect((await new TestClient(server.baseUrl).request('PUT', '/api/push/subscription', good)).status).toBe(
      401,
    );
    expect((await new TestClient(server.baseUrl).get('/api/push/key')).status).toBe(401);
    expect((await fay.client.request('PUT', '/api/push/subscription', good)).status).toBe(204);
    // Eve cannot take Fay's browser off.
    expect(
      (await eve.client.request('DELETE', '/api/push/subscription', { endpoint: good.endpoint })).status,
    ).toBe(204);
    const rows = await server.built.ctx.database.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('endpoint', '=', good.endpoint)
      .execute();
    expect(rows).toMatchObject([{ user_id: fay.me.id }]);
    expect(
      await server.built.ctx.database.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', eve.me.id)
        .execute(),
    ).toEqual([]);
  });
});
