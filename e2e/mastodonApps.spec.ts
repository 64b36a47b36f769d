import { expect, type Page, test } from '@playwright/test';
import { createOAuthAPIClient, createRestAPIClient } from 'masto';
import generator from 'megalodon';
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
  const posted = await authed.postStatus('Posted with megalodon', { visibility: 'private' });
  expect('visibility' in posted.data && posted.data.visibility).toBe('private');
  expect(
    (await authed.getHomeTimeline()).data.some((status) => status.content === '<p>Posted with megalodon</p>'),
  ).toBe(true);

  // The member says no: the app is told access_denied, with its state, and gets no code.
  await page.goto(`${app.url!}&state=second`);
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByText('back in the app')).toBeVisible();
  const denied = new URL(arrived[1]!);
  expect(denied.searchParams.get('error')).toBe('access_denied');
  expect(denied.searchParams.get('state')).toBe('second');
  expect(denied.searchParams.get('code')).toBeNull();
});
