import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { totpCode } from '../server/test/totp.ts';
import { createConfirmedMember, mailTo, newMember } from './support/members.ts';
import { startOwnServer } from './support/ownServer.ts';

const PHONE = { width: 390, height: 844 };

test('changing the password on a phone signs out the other browser; the old password then fails', async ({
  browser,
  baseURL,
}) => {
  const member = newMember('keeper');
  const [phone, laptop] = await Promise.all([0, 1].map(async () => (await browser.newContext()).newPage()));
  await createConfirmedMember(phone!.request, baseURL!, member);
  const signIn = await laptop!.request.post('/api/auth/sign-in/email', {
    data: { email: member.email, password: member.password },
    headers: { origin: baseURL! },
  });
  expect(signIn.status()).toBe(200);
  await laptop!.goto('/');
  await expect(laptop!.getByRole('region', { name: 'Create a post' })).toBeVisible();

  await phone!.setViewportSize(PHONE);
  await phone!.goto('/settings');
  await phone!.getByRole('link', { name: /Password and security/ }).click();
  await expect(phone!).toHaveURL(/\/settings\/security$/);
  await expect(phone!.getByRole('heading', { name: 'Password and security', level: 1 })).toBeVisible();
  const save = phone!.getByRole('button', { name: 'Save new password' });
  // A wrong current password changes nothing and says so.
  await phone!.getByLabel('Current password').fill('not-the-password');
  await phone!.getByLabel('New password').fill('a-new-secret');
  await save.click();
  await expect(phone!.getByRole('alert')).toContainText(
    'Your current password is not right. Nothing was changed.',
  );
  // The right one, by keyboard.
  await phone!.getByLabel('Current password').fill(member.password);
  await phone!.getByLabel('New password').press('Enter');
  await expect(phone!.getByText('Password changed. Your other devices were signed out.')).toBeVisible();
  await expect(phone!.getByLabel('Current password')).toHaveValue('');
  await mailTo(member.email, /Your Splikz password was changed/);

  // The laptop is signed out at once: its next page is the sign-in screen.
  await laptop!.reload();
  await expect(laptop!).toHaveURL(/\/auth/);
  await laptop!.getByLabel('Email').fill(member.email);
  await laptop!.getByLabel('Password').fill(member.password);
  await laptop!.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(laptop!.getByRole('alert')).toContainText('Invalid email or password');
  await laptop!.getByLabel('Password').fill('a-new-secret');
  await laptop!.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(laptop!).toHaveURL(/\/$/);
  // The phone stayed signed in.
  await phone!.goto('/');
  await expect(phone!.getByRole('region', { name: 'Create a post' })).toBeVisible();
});

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const SAFARI_ON_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

test("'Where you're signed in' lists each browser and signs one or all others out", async ({
  browser,
  baseURL,
}) => {
  const member = newMember('sessions');
  const here = await (await browser.newContext()).newPage();
  await createConfirmedMember(here.request, baseURL!, member);
  const [laptop, phone] = await Promise.all(
    [FIREFOX_ON_LINUX, SAFARI_ON_IOS].map(async (userAgent) =>
      (await browser.newContext({ userAgent })).newPage(),
    ),
  );
  for (const device of [laptop!, phone!]) {
    await device.goto('/auth');
    await device.getByLabel('Email').fill(member.email);
    await device.getByLabel('Password').fill(member.password);
    await device.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(device).toHaveURL(/\/$/);
  }

  await here.goto('/settings/security');
  const section = here.getByRole('region', { name: "Where you're signed in" });
  const rows = section.getByRole('listitem');
  await expect(rows).toHaveCount(3);
  // This browser first, marked, with nothing to sign out of.
  await expect(rows.first()).toContainText('This device');
  await expect(rows.first().getByRole('button')).toHaveCount(0);
  const laptopRow = section.getByRole('listitem', { name: 'Firefox on Linux' });
  await expect(laptopRow).toContainText('127.0.0.1');
  await expect(laptopRow).toContainText(/Last active (just now|1 minute ago)/);
  await expect(section.getByRole('listitem', { name: 'Safari on iOS' })).toBeVisible();

  // One session, by keyboard: it ends at once, the others go on.
  await laptopRow.getByRole('button', { name: 'Sign out of Firefox on Linux' }).focus();
  await here.keyboard.press('Enter');
  await expect(here.getByText('Signed out of Firefox on Linux.')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await laptop!.reload();
  await expect(laptop!).toHaveURL(/\/auth/);
  await phone!.reload();
  await expect(phone!.getByRole('region', { name: 'Create a post' })).toBeVisible();

  // Every other one, on a phone-sized screen.
  await here.setViewportSize(PHONE);
  await section.getByRole('button', { name: 'Sign out of all other sessions' }).click();
  await expect(here.getByText('Every other session was signed out.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(section.getByText('You are not signed in anywhere else.')).toBeVisible();
  await phone!.reload();
  await expect(phone!).toHaveURL(/\/auth/);
  await here.reload();
  await expect(here.getByRole('heading', { name: 'Password and security', level: 1 })).toBeVisible();
});

test('two-factor sign-in: turned on from the setup key, then a code or a recovery code signs in', async ({
  browser,
  baseURL,
}) => {
  const member = newMember('twofactor');
  const page = await (await browser.newContext()).newPage();
  await createConfirmedMember(page.request, baseURL!, member);
  await page.goto('/settings/security');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await section.getByLabel('Password').fill('not-the-password');
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByRole('alert')).toContainText('Your current password is not right.');
  await section.getByLabel('Password').fill(member.password);
  await section.getByLabel('Password').press('Enter');
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const setupKey = (await section.getByTestId('setup-key').textContent())!;
  expect(setupKey.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
  // A wrong code is refused; the one the app would show turns it on.
  await section.getByLabel('Code from your app').fill('000000');
  await section.getByRole('button', { name: 'Verify' }).click();
  await expect(section.getByRole('alert')).toContainText('That code is not right.');
  const code = await totpCode(setupKey);
  await section.getByLabel('Code from your app').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await section.getByRole('button', { name: 'Verify' }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('splikz-recovery-codes.txt');
  expect(await readFile((await (await download).path())!, 'utf8')).toContain(recoveryCodes[9]!);
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByText('Two-factor authentication is on.')).toBeVisible();
  await expect(codes).toHaveCount(0);

  // Another browser, on a phone: the password, then a code of the app.
  const phone = await (await browser.newContext({ viewport: PHONE })).newPage();
  const passwordStep = async () => {
    await phone.goto('/auth');
    await phone.getByLabel('Email').fill(member.email);
    await phone.getByLabel('Password').fill(member.password);
    await phone.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(phone.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  };
  await passwordStep();
  await expect(phone.getByLabel('Code', { exact: true })).toBeFocused();
  await phone.getByLabel('Code', { exact: true }).fill(await totpCode(setupKey, 1));
  await phone.getByLabel('Code', { exact: true }).press('Enter');
  await expect(phone.getByRole('region', { name: 'Create a post' })).toBeVisible();

  // A third browser with a recovery code, which then works no more.
  const withRecoveryCode = async (code: string) => {
    await phone.context().clearCookies();
    await passwordStep();
    await phone.getByRole('button', { name: 'Use a recovery code' }).click();
    await phone.getByLabel('Recovery code', { exact: true }).fill(code);
    await phone.getByRole('button', { name: 'Verify' }).click();
  };
  await withRecoveryCode(recoveryCodes[0]!);
  await expect(phone.getByRole('region', { name: 'Create a post' })).toBeVisible();
  await withRecoveryCode(recoveryCodes[0]!);
  await expect(phone.getByRole('alert')).toContainText(
    'That recovery code is not right, or it was already used.',
  );
});

test('a passkey added in settings signs in with no password, through Chromium’s virtual authenticator', async ({
  browser,
}) => {
  // Its own server at http://localhost: a passkey's relying party is a domain, never 127.0.0.1.
  const server = await startOwnServer({ host: 'localhost' });
  try {
    const member = newMember('passkey');
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await server.createMember(page.request, member);
    // A platform authenticator that says yes at once: the fingerprint the member would give.
    const devtools = await context.newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    const { authenticatorId } = await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await page.goto(`${server.url}/settings/security`);
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    // A name is asked for, then the password; a wrong one adds nothing.
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(passkeys.getByText('Give this passkey a name, such as the device it is on.')).toBeVisible();
    await passkeys.getByLabel('Passkey name').fill('My phone');
    await passkeys.getByLabel('Password').fill('not-the-password');
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(passkeys.getByRole('alert')).toContainText('Your current password is not right.');
    await passkeys.getByLabel('Password').fill(member.password);
    await passkeys.getByLabel('Password').press('Enter');
    await expect(page.getByText('Passkey My phone added.')).toBeVisible();
    await expect(passkeys.getByRole('listitem').filter({ hasText: 'My phone' })).toContainText('Added');
    const { credentials } = await devtools.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    // Signed out, then in again with the passkey alone: offered by the email field's autofill, picked
    // at once by the virtual authenticator.
    await context.clearCookies();
    await page.goto(`${server.url}/auth`);
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(page.getByRole('region', { name: 'Create a post' })).toBeVisible();

    // And with the button, in a browser with no passkey autofill (the autofill would answer first).
    await page.addInitScript(() => {
      Object.defineProperty(window.PublicKeyCredential, 'isConditionalMediationAvailable', {
        value: undefined,
      });
    });
    await context.clearCookies();
    await page.goto(`${server.url}/auth`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(page.getByRole('region', { name: 'Create a post' })).toBeVisible();

    // Removed, it signs nobody in: the browser still offers it, the server no longer knows it.
    await page.goto(`${server.url}/settings/security`);
    await passkeys.getByRole('button', { name: 'Remove the passkey My phone' }).click();
    await expect(page.getByText('Passkey My phone removed.')).toBeVisible();
    await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();
    await context.clearCookies();
    await page.goto(`${server.url}/auth`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'This passkey does not belong to a Splikz account here.',
    );
    await expect(page).toHaveURL(/\/auth/);
    await context.close();
  } finally {
    await server.stop();
  }
});
