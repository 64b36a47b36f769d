import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  makeUserInput,
  readOutbox,
  signUpMember,
  startTestServer,
  TestClient,
  type TestServer,
  waitForMail,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILS_PER_ADDRESS_PER_DAY } from './mailQuota.ts';

describe.each(dialects)('reset and confirmation mails per address per day (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // Far above the per-minute limit: only the daily cap is left to hold the mails back.
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  const anonymous = () => new TestClient(server.baseUrl);
  const mailsTo = (email: string, subject: RegExp) =>
    readOutbox(server).filter((m) => m.to === email.toLowerCase() && subject.test(m.subject));
  /** The count once no more mail is on its way (mail may follow the answer). */
  const settledCount = async (email: string, subject: RegExp, expected: number) => {
    await expect.poll(() => mailsTo(email, subject).length).toBe(expected);
    await new Promise((r) => setTimeout(r, 300));
    return mailsTo(email, subject).length;
  };

  it('sends reset mails up to the cap, then answers the same and sends none', async () => {
    const { input } = await signUpMember(server);
    const ask = (email: string) =>
      anonymous().post('/api/auth/request-password-reset', { email, redirectTo: '/auth/reset' });
    // The confirmation mail of the sign-up counts too.
    const answers = [];
    for (let i = 0; i < MAILS_PER_ADDRESS_PER_DAY + 2; i += 1) answers.push(await ask(input.email));
    expect(await settledCount(input.email, /Reset/, MAILS_PER_ADDRESS_PER_DAY - 1)).toBe(
      MAILS_PER_ADDRESS_PER_DAY - 1,
    );
    // Every answer is the first one's, and the one an unknown address gets: nothing tells them apart.
    const unknown = await ask('nobody-at-all@example.com');
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(unknown.body);
    }
    // Another address is not held back.
    const other = await signUpMember(server);
    expect((await ask(other.input.email)).status).toBe(200);
    await waitForMail(server, other.input.email.toLowerCase(), /Reset/);
  });

  it('counts confirmation mails, from the sign-up and from resends, against the same cap', async () => {
    const input = makeUserInput();
    const client = anonymous();
    await client.post('/api/auth/sign-up/email', { ...input, callbackURL: '/auth/callback' });
    await waitForMail(server, input.email.toLowerCase(), /Confirm/);
    const answers = [];
    for (let i = 0; i < MAILS_PER_ADDRESS_PER_DAY + 1; i += 1) {
      answers.push(
        await client.post('/api/auth/send-verification-email', {
          email: input.email,
          callbackURL: '/auth/callback',
        }),
      );
    }
    expect(await settledCount(input.email, /Confirm/, MAILS_PER_ADDRESS_PER_DAY)).toBe(
      MAILS_PER_ADDRESS_PER_DAY,
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    // A reset asked for now is held back too: both kinds share the day's count.
    expect(
      (
        await client.post('/api/auth/request-password-reset', {
          email: input.email,
          redirectTo: '/auth/reset',
        })
      ).status,
    ).toBe(200);
    expect(await settledCount(input.email, /Reset/, 0)).toBe(0);
  });
});
