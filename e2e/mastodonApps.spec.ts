import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { createOAuthAPIClient, createRestAPIClient, createStreamingAPIClient } from 'masto';
import generator from 'megalodon';
import { photo } from './support/media.ts';
import { createConfirmedMember, type Member, newMember, writeMember } from './support/members.ts';

// Real Mastodon clients no one here wrote (issue 53): each registers an app, a member authorizes it
// in Chromium the way a person would, and the app reads, posts, replies, likes, shares and follows.

async function signInAndAuthorize(page: Page, authorizeUrl: string, member: Member) {
  await page.goto(authorizeUrl);
  // Signed out: the sign-in comes first, then the same authorize screen again.
  await expect(page).toHaveURL(/\/auth\?next=/);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: /wants to use your Splikz account/ })).toBeVisible();
}

test('masto registers, is authorized out of band, reads, posts, replies, likes, shares and follows; Revoke ends it', async ({
  browser,
  baseURL,
}) => {
  const [ann, ben] = [newMember('mastoann'), newMember('mastoben')];
  await writeMember(ann);
  const benPage = await (await browser.newContext()).newPage();
  await createConfirmedMember(benPage.request, baseURL!, ben);
  const benPost = await benPage.request.post('/api/posts', {
    data: { content: `Ben's bread, from the web ${Date.now()}` },
    headers: { origin: baseURL! },
  });
  expect(benPost.status()).toBe(201);
  const benId = ((await benPost.json()) as { author: { id: string } }).author.id;

  const rest = createRestAPIClient({ url: baseURL! });
  const app = await rest.v1.apps.create({
    clientName: 'Masto Test',
    redirectUris: 'urn:ietf:wg:oauth:2.0:oob',
    scopes: 'read write follow',
    website: 'https://masto.example',
  });
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: app.clientId!,
    redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
    scope: 'read write follow',
  });
  const page = await (await browser.newContext()).newPage();
  await signInAndAuthorize(page, `/oauth/authorize?${query}`, ann);
  await expect(page.getByText('Post, comment, like, share and change your profile for you')).toBeVisible();
  await expect(page.getByText('https://masto.example')).toBeVisible();
  await page.getByRole('button', { name: 'Authorize' }).click();
  const code = await page.getByLabel('Authorization code').inputValue();
  expect(code.length).toBeGreaterThan(20);
  await expect(page.getByRole('button', { name: 'Copy code' })).toBeVisible();

  const token = await createOAuthAPIClient({ url: baseURL! }).token.create({
    grantType: 'authorization_code',
    clientId: app.clientId!,
    clientSecret: app.clientSecret!,
    redirectUri: 'urn:ietf:wg:oauth:2.0:oob',
    code,
  });
  expect(token.scope).toBe('read write follow');
  const masto = createRestAPIClient({ url: baseURL!, accessToken: token.accessToken });
  const me = await masto.v1.accounts.verifyCredentials();
  expect(me.displayName).toBe(ann.name);

  const home = await masto.v1.timelines.home.list({ limit: 40 });
  const theirs = home.find((status) => status.account.id === benId);
  expect(theirs?.content).toContain('Ben&#39;s bread, from the web');

  const mine = await masto.v1.statuses.create({
    status: 'Hello from an app #sourdough',
    visibility: 'public',
  });
  expect(mine.content).toContain('class="mention hashtag"');
  expect(mine.account.id).toBe(me.id);
  const picture = await photo('masto.png');
  const media = await masto.v2.media.create({
    file: new Blob([Uint8Array.from(picture.buffer)], { type: 'image/png' }),
    description: 'A loaf on a board',
  });
  const withPhoto = await masto.v1.statuses.create({ status: 'With a photo', mediaIds: [media.id] });
  expect(withPhoto.mediaAttachments).toEqual([
    expect.objectContaining({ type: 'image', description: 'A loaf on a board' }),
  ]);
  const shown = await page.request.get(withPhoto.mediaAttachments[0]!.url!);
  expect(shown.headers()['content-type']).toMatch(/^image\//);
  const reply = await masto.v1.statuses.create({ status: 'Looks great!', inReplyToId: theirs!.id });
  expect(reply.inReplyToId).toBe(theirs!.id);
  const liked = await masto.v1.statuses.$select(theirs!.id).favourite();
  expect(liked.favourited).toBe(true);
  expect(liked.favouritesCount).toBe(1);
  const shared = await masto.v1.statuses.$select(theirs!.id).reblog();
  expect(shared.reblog?.reblogsCount).toBe(1);
  const relationship = await masto.v1.accounts.$select(benId).follow();
  expect(relationship.following).toBe(true);
  const context = await masto.v1.statuses.$select(theirs!.id).context.fetch();
  expect(context.descendants.map((status) => status.content)).toEqual(['<p>Looks great!</p>']);

  // Ben's like of Ann's post reaches her notifications; Ben's new post reaches her stream.
  const instance = await masto.v2.instance.fetch();
  const streaming = createStreamingAPIClient({
    streamingApiUrl: instance.configuration.urls.streaming,
    accessToken: token.accessToken,
  });
  const subscription = streaming.user.subscribe();
  const heard = (async () => {
    for await (const event of subscription) {
      if (event.event === 'update' && event.payload.account.id === benId) return event.payload;
    }
    return null;
  })();
  expect(
    (await benPage.request.put(`/api/posts/${mine.id}/like`, { headers: { origin: baseURL! } })).status(),
  ).toBe(200);
  // The subscription is under way once the socket is open: Ben posts until one is heard (the first
  // may come before it).
  const posted: string[] = [];
  let streamed: { id: string } | null = null;
  for (let attempt = 0; attempt < 20 && !streamed; attempt += 1) {
    const fresh = await benPage.request.post('/api/posts', {
      data: { content: `Live to the app ${attempt}` },
      headers: { origin: baseURL! },
    });
    posted.push(((await fresh.json()) as { id: string }).id);
    streamed = await Promise.race([
      heard,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 500)),
    ]);
  }
  expect(posted).toContain(streamed?.id);
  subscription.unsubscribe();
  streaming.close();
  const notifications = await masto.v1.notifications.list();
  expect(notifications.find((n) => n.type === 'favourite')).toMatchObject({
    account: { id: benId },
    status: { id: mine.id },
  });

  // Ben sees Ann's comment and like on the web, as from any member.
  await benPage.goto(`/post/${theirs!.id}`);
  await expect(benPage.getByText('Looks great!')).toBeVisible();

  // Settings, Apps lists it with what it may do; Revoke refuses its next call.
  await page.goto('/settings/apps');
  const row = page.getByRole('listitem', { name: 'Masto Test' });
  await expect(row.getByText('Can: read, write, follow')).toBeVisible();
  await row.getByRole('button', { name: 'Revoke Masto Test' }).click();
  await expect(page.getByText('Masto Test can no longer use your account.')).toBeVisible();
  await expect(page.getByText('No apps yet.', { exact: false })).toBeVisible();
  await expect(masto.v1.accounts.verifyCredentials()).rejects.toThrow(/access token is invalid/);
});

test('megalodon registers, is authorized through its redirect, and posts; Deny sends the app away with nothing', async ({
  browser,
  baseURL,
}) => {
  const carl = newMember('megacarl');
  await writeMember(carl);
  const redirect = 'https://megalodon.example/callback';
  const client = generator('mastodon', baseURL!);
  const app = await client.registerApp('Megalodon Test', {
    redirect_uris: redirect,
    scopes: ['read', 'write'],
  });
  expect(app.url).toContain('/oauth/authorize');
  const page = await (await browser.newContext()).newPage();
  const arrived: string[] = [];
  await page.route('https://megalodon.example/**', (route) => {
    arrived.push(route.request().url());
    return route.fulfill({ body: 'back in the app' });
  });
  await signInAndAuthorize(page, `${app.url!}&state=kept%20as%20sent`, carl);
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByText('back in the app')).toBeVisible();
  const back = new URL(arrived[0]!);
  expect(back.searchParams.get('state')).toBe('kept as sent');
  const token = await client.fetchAccessToken(
    app.client_id,
    app.client_secret,
    back.searchParams.get('code')!,
    redirect,
  );
  const authed = generator('mastodon', baseURL!, token.access_token);
  expect((await authed.verifyAccountCredentials()).data.username).toBeTruthy();
  const picture = await photo('megalodon.png');
  // megalodon sends a file as a stream, as from disk.
  const dir = mkdtempSync(path.join(tmpdir(), 'megalodon-'));
  writeFileSync(path.join(dir, 'megalodon.png'), picture.buffer);
  const media = await authed.uploadMedia(createReadStream(path.join(dir, 'megalodon.png')), {
    description: 'Bread from megalodon',
  });
  const posted = await authed.postStatus('Posted with megalodon', {
    visibility: 'private',
    media_ids: [media.data.id],
  });
  expect('visibility' in posted.data && posted.data.visibility).toBe('private');
  expect('media_attachments' in posted.data && posted.data.media_attachments?.[0]?.description).toBe(
    'Bread from megalodon',
  );
  expect(
    (await authed.getHomeTimeline()).data.some((status) => status.content === '<p>Posted with megalodon</p>'),
  ).toBe(true);
  const statusId = posted.data.id;
  const replied = await authed.postStatus('A reply from megalodon', { in_reply_to_id: statusId });
  expect(replied.data).toMatchObject({ in_reply_to_id: statusId });
  expect((await authed.favouriteStatus(statusId)).data.favourited).toBe(true);
  // A post for friends cannot be shared onward, as on the web.
  await expect(authed.reblogStatus(statusId)).rejects.toThrow(/status code 400/);
  expect(Array.isArray((await authed.getNotifications()).data)).toBe(true);

  // Its WebSocket hears the member's own new post from the web.
  const socket = await authed.userStreaming();
  const heard = new Promise<string>((resolve) =>
    socket.on('update', (status: { id: string }) => resolve(status.id)),
  );
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  const webPosts: string[] = [];
  let streamedId: string | null = null;
  for (let attempt = 0; attempt < 20 && !streamedId; attempt += 1) {
    const web = await page.request.post('/api/posts', {
      data: { content: `From the web to megalodon ${attempt}` },
      headers: { origin: baseURL! },
    });
    webPosts.push(((await web.json()) as { id: string }).id);
    streamedId = await Promise.race([
      heard,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 500)),
    ]);
  }
  expect(webPosts).toContain(streamedId);
  socket.stop();

  // The member says no: the app is told access_denied, with its state, and gets no code.
  await page.goto(`${app.url!}&state=second`);
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByText('back in the app')).toBeVisible();
  const denied = new URL(arrived[1]!);
  expect(denied.searchParams.get('error')).toBe('access_denied');
  expect(denied.searchParams.get('state')).toBe('second');
  expect(denied.searchParams.get('code')).toBeNull();
});
