import { expect, request as playwrightRequest, test } from '@playwright/test';
import config, { FULL_CHROMIUM, PUSH_SERVICE_PORT } from '../playwright.config.ts';
import { createConfirmedMember, newMember } from './support/members.ts';

// The headless shell has no Push API behind its service workers: this test runs in the full browser.
test.use({
  serviceWorkers: 'allow',
  launchOptions: { ...config.use?.launchOptions, executablePath: FULL_CHROMIUM },
});

const pushService = `https://127.0.0.1:${PUSH_SERVICE_PORT}`;

test('a like reaches the author’s browser by web push through a push service, and the service worker shows it', async ({
  browser,
  baseURL,
}) => {
  const origin = { origin: baseURL! };
  const ada = newMember('pushauthor');
  const bob = newMember('pushfan');
  const adaContext = await browser.newContext();
  await adaContext.grantPermissions(['notifications'], { origin: baseURL! });
  const adaPage = await adaContext.newPage();
  const bobPage = await (await browser.newContext()).newPage();
  await createConfirmedMember(adaPage.request, baseURL!, ada);
  await createConfirmedMember(bobPage.request, baseURL!, bob);

  // The settings screen says whether this device gets push, and offers to turn it on.
  await adaPage.goto('/settings/notifications');
  await expect(adaPage.getByText('This device does not get push notifications.')).toBeVisible();
  await expect(adaPage.getByRole('button', { name: 'Turn on push for this device' })).toBeVisible();

  // Chromium here has no push service of its own (no FCM): the test's local push service stands in
  // for it, and Ada's browser registers the subscription it hands out, as Turn on would.
  const service = await playwrightRequest.newContext({ ignoreHTTPSErrors: true });
  const subscription = await (await service.post(`${pushService}/browsers`)).json();
  expect(
    (await adaPage.request.put('/api/push/subscription', { data: subscription, headers: origin })).status(),
  ).toBe(204);

  const post = await (
    await adaPage.request.post('/api/posts', { data: { content: 'Ring my phone' }, headers: origin })
  ).json();
  expect((await bobPage.request.put(`/api/posts/${post.id}/like`, { headers: origin })).ok()).toBe(true);
  const inbox = `${pushService}/received${new URL(subscription.endpoint).pathname}`;
  let payloads: Array<{ title: string; body: string; url: string }> = [];
  await expect
    .poll(async () => {
      payloads = await (await service.get(inbox)).json();
      return payloads.length;
    })
    .toBe(1);
  expect(payloads[0]).toMatchObject({ body: 'liked your post', url: `/post/${post.id}` });
  expect(payloads[0]!.title).toContain('Tester');

  // What the push service would hand Ada's browser, delivered to her service worker: it shows it.
  const cdp = await adaContext.newCDPSession(adaPage);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(baseURL!) && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await adaPage.evaluate(() => navigator.serviceWorker.ready);
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;
  // A push delivered while the worker is still starting can be dropped by DevTools (seen once in CI):
  // it is delivered again until it shows. The payload's tag makes a second one replace the first.
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseURL!).origin,
      registrationId,
      data: JSON.stringify(payloads[0]),
    });
    await expect
      .poll(
        () =>
          adaPage.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              url: (n.data as { url: string }).url,
            })),
          ),
        { timeout: 3000 },
      )
      .toEqual([{ title: payloads[0]!.title, body: 'liked your post', url: `/post/${post.id}` }]);
  }).toPass({ timeout: 15_000 });
  await service.dispose();
});
