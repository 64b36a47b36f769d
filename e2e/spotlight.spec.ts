import { type APIRequestContext, expect, test } from '@playwright/test';
import { newMember } from './support/members.ts';
import { type OwnServer, startOwnServer } from './support/ownServer.ts';

// Its own server: the ranking covers every member, and the suite's other tests post and react too.
// The tests share one server of their own (beforeAll): they run in order in one worker.
test.describe.configure({ mode: 'default' });
let own: OwnServer;
test.beforeAll(async () => {
  own = await startOwnServer();
});
test.afterAll(async () => {
  await own?.stop();
});

async function as(
  playwright: { request: { newContext(o: object): Promise<APIRequestContext> } },
  member: ReturnType<typeof newMember>,
) {
  const request = await playwright.request.newContext({
    baseURL: own.url,
    extraHTTPHeaders: { origin: own.url },
  });
  await own.createMember(request, member);
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: member.email, password: member.password },
  });
  expect(signIn.status()).toBe(200);
  return request;
}

test('the spotlight ranks creators by the engagement members give them, with medals for the first three', async ({
  page,
  playwright,
}) => {
  test.setTimeout(90_000);
  const [ruth, sam, tia, viewer] = [
    newMember('ruth'),
    newMember('sam'),
    newMember('tia'),
    newMember('reader'),
  ];
  const [r, s, t] = [await as(playwright, ruth), await as(playwright, sam), await as(playwright, tia)];
  const postBy = async (client: APIRequestContext, content: string) => {
    const res = await client.post('/api/posts', { data: { content } });
    expect(res.status()).toBe(201);
    return (await res.json()).id as string;
  };
  const bread = await postBy(r, 'Sourdough for the shelter');
  const hymn = await postBy(s, 'New hymn arrangement');
  await postBy(t, 'First post');
  // Ruth: two likes and a comment; Sam: one like; Tia: nothing yet.
  for (const client of [s, t])
    expect((await client.put(`/api/posts/${bread}/like`)).status()).toBeLessThan(300);
  expect(
    (await t.post(`/api/posts/${bread}/comments`, { data: { content: 'Beautiful loaves' } })).status(),
  ).toBe(201);
  expect((await r.put(`/api/posts/${hymn}/like`)).status()).toBeLessThan(300);

  // Confirming the email signs the page's context in.
  await own.createMember(page.request, viewer);
  await page.goto(`${own.url}/`);
  await page.getByRole('link', { name: 'View Spotlight' }).click();
  await expect(page).toHaveURL(`${own.url}/spotlight`);
  await expect(page.getByText('Top creators based on all-time engagement • Updated daily')).toBeVisible();
  const today = new Date().toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  await expect(page.getByRole('heading', { level: 1, name: today })).toBeVisible();
  // Computed on demand (today's ranking was empty), then shown in order.
  const cards = page.getByRole('list', { name: 'Top creators' }).locator(':scope > li');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toContainText(ruth.name);
  await expect(cards.nth(0)).toContainText('2 likes');
  await expect(cards.nth(0)).toContainText('1 comment');
  await expect(cards.nth(0)).toContainText('Sourdough for the shelter');
  await expect(cards.nth(0).getByRole('img', { name: 'Gold, rank 1' })).toBeVisible();
  await expect(cards.nth(1)).toContainText(sam.name);
  await expect(cards.nth(1).getByRole('img', { name: 'Silver, rank 2' })).toBeVisible();
  await expect(cards.nth(2)).toContainText(tia.name);
  await expect(cards.nth(2).getByRole('img', { name: 'Bronze, rank 3' })).toBeVisible();

  // A card opens the creator's profile; Back returns home.
  await cards.nth(1).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: sam.name })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(`${own.url}/`);
  for (const client of [r, s, t]) await client.dispose();
});
