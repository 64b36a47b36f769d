import { type Browser, expect, type Page, test } from '@playwright/test';
import { Redis } from 'ioredis';
import { waitForOutboxMail } from '../server/test/outbox.ts';
import { type Cluster, clusterUnavailable, openSockets, startCluster } from './support/cluster.ts';
import { type Member, newMember, usernameOf } from './support/members.ts';

// Two app nodes on PostgreSQL + Redis behind a round-robin nginx with no stickiness (deploy/nginx), as an
// operator runs them. The members' browsers only ever talk to the proxy.

const unavailable = clusterUnavailable();
test.skip(unavailable !== null, `the two-node test ${unavailable}`);
// The tests share one cluster (beforeAll): they run in order in one worker.
test.describe.configure({ mode: 'default', timeout: 240_000 });

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
  const bob = await memberThroughProxy(browser, 'bob');
  await alice.page.goto('/');
  await connected(alice.page);
  await bob.page.goto('/');
  await connected(bob.page);

  // A follow reaches the other's bell live (the follow is answered by whichever node nginx picks).
  await alice.page.goto(`/profile/${bob.username}`);
  await connected(alice.page);
  await alice.page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(bob.page.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible({
    timeout: 10_000,
  });

  // Bob opens their conversation, then Alice: the node whose socket count grows holds Alice's socket.
  await bob.page.goto(`/messages?to=${alice.username}`);
  await alice.page.goto('about:blank');
  await connected(bob.page);
  const socketsPerNode = () => Promise.all(cluster.nodes.map(openSockets));
  const total = async () => (await socketsPerNode()).reduce((a, b) => a + b, 0);
  await expect.poll(total, { timeout: 15_000 }).toBe(1);
  const before = await socketsPerNode();
  await alice.page.goto(`/messages?to=${bob.username}`);
  await connected(alice.page);
  await expect.poll(total, { timeout: 15_000 }).toBe(2);
  const after = await socketsPerNode();
  const aliceNode = cluster.nodes[after.findIndex((count, i) => count > before[i]!)]!;
  // Every change of Alice's connection state, however brief, is kept for the checks below.
  await alice.page.evaluate(() => {
    const states: string[] = [];
    (window as unknown as { realtimeStates: string[] }).realtimeStates = states;
    new MutationObserver(() => states.push(document.documentElement.dataset.realtime ?? '')).observe(
      document.documentElement,
      { attributes: true, attributeFilter: ['data-realtime'] },
    );
  });
  const aliceStates = () =>
    alice.page.evaluate(() => (window as unknown as { realtimeStates: string[] }).realtimeStates);

  // A message arrives live in Alice's open conversation.
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
  await expect.poll(aliceStates, { timeout: 10_000 }).toContain('disconnected');
  // Sent while she may still be away: she catches up on it, or hears it live, but sees it once.
  const aliceId = (await (await alice.page.request.get('/api/me')).json()).profile.id as string;
  const whileAway = await bob.page.request.post(`/api/conversations/with/${aliceId}/messages`, {
    data: { content: 'While you were away', client_id: crypto.randomUUID() },
    headers: { origin: cluster.url },
  });
  expect([200, 201]).toContain(whileAway.status());
  await expect.poll(async () => (await aliceStates()).at(-1), { timeout: 20_000 }).toBe('connected');
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
  // The nodes count in Redis, which outlives a run: start this address's sign-in count from zero.
  const redis = new Redis(process.env.TEST_REDIS_URL!);
  const stale = await redis.keys('*auth:/api/auth/sign-in/email:ip:127.0.0.1');
  if (stale.length > 0) await redis.del(...stale);
  await redis.quit();

  const request = await playwright.request.newContext({ baseURL: cluster.url });
  const tag = Date.now().toString(36);
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= AUTH_LIMIT + 1; attempt += 1) {
    const response = await request.post('/api/auth/sign-in/email', {
      data: { email: `nobody${attempt}.${tag}@example.com`, password: 'wrong-password' },
      headers: { origin: cluster.url, 'x-forwarded-for': `198.51.100.${attempt}` },
    });
    statuses.push(response.status());
  }
  // The nodes count together (Redis), and count the address nginx saw, not the one the client wrote.
  expect(statuses).toEqual([...Array(AUTH_LIMIT).fill(401), 429]);
  await request.dispose();
});

test('/metrics is not reachable through the shipped nginx site, however the path is written', async ({
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: cluster.url });
  for (const path of ['/metrics', '/metrics/', '/%6Detrics', '/./metrics', '//metrics', '/api/../metrics']) {
    // Whole addresses: a bare '//metrics' would be read as a host called 'metrics'.
    const response = await request.get(`${cluster.url}${path}`);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toContain('splikz_');
  }
  // A node itself still answers Prometheus on its own address (METRICS_ALLOW is loopback here): one
  // still running (the first test kills one).
  const alive = cluster.nodes.find(
    (node) => node.process.exitCode === null && node.process.signalCode === null,
  );
  const direct = await request.get(`${alive!.url}/metrics`);
  expect(direct.status()).toBe(200);
  expect(await direct.text()).toContain('splikz_http_requests_total');
  await request.dispose();
});
