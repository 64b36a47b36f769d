import { readFileSync } from 'node:fs';
import { LANGUAGES } from '@common/options.ts';
import { expect, type Route, test } from '@playwright/test';
import { createConfirmedMember, newMember } from './support/members.ts';

/** A language's catalogue, as the app loads it (English texts are their own keys). */
const catalogue = (code: string): Record<string, string> =>
  code === 'en-US' ? {} : JSON.parse(readFileSync(`common/i18n/locales/${code}.json`, 'utf8'));
const say = (code: string, english: string) => catalogue(code)[english] ?? english;

test('each language changes the header, a toast and a date at once, and follows the member to another device', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = newMember('polyglot');
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  // A slow network while the language changes: each catalogue part (and each language's list of parts)
  // arrives after the save has answered, and the screen must still speak the new language once it says
  // 'Language saved'. Page loads after the switch take the network as it is.
  const catalogueParts = /\/assets\/(i18n_)?(es-ES|fr-FR|de-DE|pt-BR)[-_][\w-]+\.js$/;
  const slowCatalogues = async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  };
  await createConfirmedMember(page.request, baseURL!, member);
  /** A post written now, so its time says 'just now' however long the test has run. */
  const postNow = async () => {
    const posted = await page.request.post('/api/posts', {
      data: { content: `Buenos días ${Date.now().toString(36)}` },
      headers: { origin: baseURL! },
    });
    expect(posted.status()).toBe(201);
    return (await posted.json()).id as string;
  };

  // Start from the last language in the list, so the first switch is a real change.
  const order = [...LANGUAGES.slice(1), LANGUAGES[0]];
  await page.goto('/settings/language');
  for (const [code, name] of order) {
    await page.route(catalogueParts, slowCatalogues);
    await page.getByRole('radio', { name }).check();
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await expect(page.getByText(say(code, 'Language saved'))).toBeVisible();
    const nav = page.getByRole('navigation', { name: say(code, 'Main') });
    await expect(nav.getByRole('link', { name: say(code, 'Messages'), exact: true })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: say(code, 'Language'), exact: true }).first(),
    ).toBeVisible();
    // Wait for a catalogue still held back: unrouting under it handed the request on, and its own
    // continue() then failed with 'Route is already handled!' (a flake seen in CI).
    await page.unrouteAll({ behavior: 'wait' });

    // A date: the post's time says 'just now' in this language, and its full date is written the local way.
    await page.goto(`/post/${await postNow()}`);
    const time = page.locator('article time').first();
    await expect(time).toHaveText(say(code, 'just now'));
    const iso = (await time.getAttribute('datetime'))!;
    const expected = await page.evaluate(
      ([lang, when]) =>
        new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(when!)),
      [code, iso],
    );
    await expect(time).toHaveAttribute('title', expected);
    await page.goto('/settings/language');
  }

  // Saved on the account: Deutsch, then a fresh browser whose own language is French signs in and sees German.
  await page.getByRole('radio', { name: 'Deutsch (Deutschland)' }).check();
  await expect(page.getByText(say('de-DE', 'Language saved'))).toBeVisible();
  const other = await browser.newContext({ locale: 'fr-FR' });
  const second = await other.newPage();
  await second.goto('/auth');
  // Before sign-in the browser's language decides.
  await expect(second.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await expect(
    second.getByRole('button', { name: say('fr-FR', 'Sign In'), exact: true }).first(),
  ).toBeVisible();
  await second.getByLabel(say('fr-FR', 'Email')).fill(member.email);
  // The server's answer is shown in French, by its code (the errors' words load with the first one).
  await second.getByLabel(say('fr-FR', 'Password'), { exact: true }).fill('not-the-password');
  const signIn = second.getByRole('button', { name: say('fr-FR', 'Sign In'), exact: true }).last();
  await signIn.click();
  await expect(second.getByRole('alert')).toHaveText(catalogue('fr-FR')['error.invalid_email_or_password']!);
  await second.getByLabel(say('fr-FR', 'Password'), { exact: true }).fill(member.password);
  await signIn.click();
  await expect(second.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(
    second
      .getByRole('navigation', { name: say('de-DE', 'Main') })
      .getByRole('link', { name: say('de-DE', 'Home'), exact: true }),
  ).toBeVisible();
  // A screen reached by a click (its code and words load then) speaks German too.
  await second
    .getByRole('navigation', { name: say('de-DE', 'Main') })
    .getByRole('link', { name: say('de-DE', 'Messages'), exact: true })
    .click();
  await expect(second.getByText(say('de-DE', 'No conversations yet')).first()).toBeVisible();
  await other.close();
  await context.close();
});
