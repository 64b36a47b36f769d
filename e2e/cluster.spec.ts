import { type Browser, expect, type Page, test } from '@playwright/test';
import { waitForOutboxMail } from '../server/test/outbox.ts';
import { type Cluster, clusterUnavailable, openSockets, startCluster } from './support/cluster.ts';
import { type Member, newMember, usernameOf } from './support/members.ts';

// Two app nodes on PostgreSQL + Redis behind a round-robin nginx with no stickiness (deploy/nginx), as an
// operator runs them. The members' browsers only ever talk to the proxy.

const unavailable = clusterUnavailable();
test.skip(unavailable !== null, `the two-node test ${unavailable}`);
test.describe.configure({ timeout: 240_000 });

const AUTH_LIMIT = 5;
let cluster: Cluster;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  cluster = await startCluster({ authRateLimitPerIp: AUTH_LIMIT });
});

test.afterAll(async () => {
  await cluster?.stop();
});

/** A member signed up, confirmed and signed in through the proxy, in a browser context of their own. */
async function memberThroughProxy(browser: Browser, prefix: string) {
  const member = newMember(prefix);
  const context = await browser.newContext({ baseURL: cluster.url });
  const page = await context.newPage();
  const headers = { origin: cluster.url };
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { ...member, callbackURL: '/auth/callback' },
    headers,
  });
  expect(signUp.status()).toBe(200);
  const mail = await waitForOutboxMail(cluster.dataDir, member.email, /Confirm/, 15_000);
  expect(mail.links[0]!.startsWith(cluster.url)).toBe(true);
  const confirm = await page.request.get(mail.links[0]!, { maxRedirects: 0 });
  expect(confirm.status()).toBe(302);
  const privacy = await page.request.patch('/api/settings/privacy', {
    data: { who_can_message: 'everyone' },
    headers,
  });
  expect(privacy.status()).toBe(200);
  return { member, context, page, username: await usernameOf(page) };
}

const connected = (page: Page) => expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1);
const bubbles = (page: Page, other: Member) =>
  page.getByRole('list', { name: `Messages with ${other.name}` }).getByRole('listitem');

test('realtime works through a round-robin proxy, and survives a node killed mid-conversation', async ({
  browser,
}) => {
  const alice = await memberThroughProxy(browser, 'alice');
  // Alice's tab opens first, so the node that holds her socket can be told from the nodes' metrics.
  await alice.page.goto('/');
  await connected(alice.page);
  const sockets = await Promise.all(cluster.nodes.map(openSockets));
  expect(sockets.reduce((a, b) => a + b, 0)).toBe(1);
  const aliceNode = cluster.nodes[sockets.indexOf(1)]!;

  const bob = await memberThroughProxy(browser, 'bob');
  await bob.page.goto('/');
  await connected(bob.page);

  // A follow reaches the other's bell live (the follow is answered by whichever node nginx picks).
  await alice.page.goto(`/profile/${bob.username}`);
  await connected(alice.page);
  await alice.page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(bob.page.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible({
    timeout: 10_000,
  });

  // A message arrives live in Alice's open conversation.
  await alice.page.goto(`/messages?to=${bob.username}`);
  await connected(alice.page);
  await bob.page.goto(`/messages?to=${alice.username}`);
  await connected(bob.page);
  const bobBox = bob.page.getByRole('textbox', { name: `Message ${alice.member.name}` });
  const send = async (text: string) => {
    await bobBox.fill(text);
    await bobBox.press('Enter');
    await expect(bobBox).toHaveValue('');
  };
  await send('Before the crash');
  await expect(bubbles(alice.page, bob.member).filter({ hasText: 'Before the crash' })).toBeVisible();

  // The node holding Alice's socket dies. Her tab reconnects to the other node within the backoff.
  aliceNode.process.kill('SIGKILL');
  await expect(alice.page.locator('html[data-realtime="disconnected"]')).toHaveCount(1);
  // Sent while she may still be away: she catches up on it, or hears it live, but sees it once.
  const aliceId = (await (await alice.page.request.get('/api/me')).json()).profile.id as string;
  const whileAway = await bob.page.request.post(`/api/conversations/with/${aliceId}/messages`, {
    data: { content: 'While you were away', client_id: crypto.randomUUID() },
    headers: { origin: cluster.url },
  });
  expect([200, 201]).toContain(whileAway.status());
  await connected(alice.page);
  await send('After the crash');

  const list = bubbles(alice.page, bob.member);
  await expect(list.filter({ hasText: 'After the crash' })).toHaveCount(1, { timeout: 10_000 });
  await expect(list.filter({ hasText: 'While you were away' })).toHaveCount(1);
  await expect(list.filter({ hasText: 'Before the crash' })).toHaveCount(1);
  const texts = await list.allInnerTexts();
  const order = ['Before the crash', 'While you were away', 'After the crash'].map((text) =>
    texts.findIndex((item) => item.includes(text)),
  );
  expect(order).toEqual([...order].sort((a, b) => a - b));

  // Nginx refused nothing on the realtime path, and every socket was a WebSocket (no long-polling,
  // whose requests would land on alternate nodes).
  const realtime = cluster.accessLog().filter((line) => line.includes(' /socket.io/'));
  expect(realtime.length).toBeGreaterThan(0);
  expect(realtime.filter((line) => !line.startsWith('101 '))).toEqual([]);
  expect(realtime.filter((line) => !line.includes('transport=websocket'))).toEqual([]);
  // And round-robin it was: both nodes answered the members' requests.
  const answeredBy = new Set(cluster.accessLog().map((line) => line.split(' ')[3]));
  for (const node of cluster.nodes) expect(answeredBy).toContain(`127.0.0.1:${node.port}`);
});

test('behind the proxy (TRUST_PROXY=1), a made-up X-Forwarded-For does not escape the sign-in limit', async ({
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: cluster.url });
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= AUTH_LIMIT + 1; attempt += 1) {
    const response = await request.post('/api/auth/sign-in/email', {
      data: { email: `nobody${attempt}@example.com`, password: 'wrong-password' },
      headers: { origin: cluster.url, 'x-forwarded-for': `198.51.100.${attempt}` },
    });
    statuses.push(response.status());
  }
  // The nodes count together (Redis), and count the address nginx saw, not the one the client wrote.
  expect(statuses).toEqual([...Array(AUTH_LIMIT).fill(401), 429]);
  await request.dispose();
});
