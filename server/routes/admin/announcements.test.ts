import { sendAnnouncements } from '@server/jobs/announcements.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  readOutbox,
  signedInMember,
  startTestServer,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('Updates: announcements emailed to members who want them (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  async function admin() {
    const member = await signedInMember(server, { name: 'Ada Admin' });
    await server.built.ctx.database.db
      .insertInto('user_roles')
      .values({ user_id: member.me.id, role: 'admin', created_at: new Date().toISOString() })
      .execute();
    return member;
  }
  const updatesTo = (email: string, subject: string) =>
    readOutbox(server).filter((m) => m.to === email.toLowerCase() && m.subject === subject);
  async function waitFor(check: () => boolean) {
    for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 50));
  }

  it('sends an admin’s update once to each member with Updates on, in their words, with an unsubscribe link', async () => {
    const ada = await admin();
    const wants = await signedInMember(server, { name: 'Will Wants' });
    const spanish = await signedInMember(server, { name: 'Sofía Quiere' });
    const quiet = await signedInMember(server, { name: 'Quinn Quiet' });
    expect(
      (await wants.client.request('PATCH', '/api/settings/preferences', { email_updates: true })).status,
    ).toBe(200);
    expect(
      (
        await spanish.client.request('PATCH', '/api/settings/preferences', {
          email_updates: true,
          language: 'es-ES',
        })
      ).status,
    ).toBe(200);

    const subject = `Splikz now speaks five languages ${Date.now()}`;
    const res = await ada.client.post('/api/admin/announcements', {
      subject,
      body: 'Choose yours under Settings.\n\nThank you for being here.',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ subject, author_username: ada.me.profile.username });
    await waitFor(
      () =>
        updatesTo(wants.input.email, subject).length > 0 &&
        updatesTo(spanish.input.email, subject).length > 0,
    );
    const [mail] = updatesTo(wants.input.email, subject);
    expect(mail!.text).toContain('Choose yours under Settings.');
    expect(mail!.links.some((l) => l.includes('/unsubscribe?') && l.includes('k=updates'))).toBe(true);
    expect(updatesTo(spanish.input.email, subject)[0]!.text).toContain('Cancelar suscripción');
    expect(updatesTo(quiet.input.email, subject)).toEqual([]);

    // The job running again, or on another node, sends nobody a second copy.
    expect(await sendAnnouncements(server.built.ctx)).toBe(0);
    await Promise.all([sendAnnouncements(server.built.ctx), sendAnnouncements(server.built.ctx)]);
    expect(updatesTo(wants.input.email, subject)).toHaveLength(1);

    const list = await ada.client.get('/api/admin/announcements');
    expect(list.body.announcements[0]).toMatchObject({
      subject,
      sent_count: 2,
      finished_at: expect.any(String),
    });
    const audit = await ada.client.get('/api/admin/audit');
    expect(audit.body.entries[0]).toMatchObject({ action: 'announcement.send', target_type: 'announcement' });
  });

  it('is for admins only, and refuses an empty or oversized update with nothing sent', async () => {
    const ada = await admin();
    const member = await signedInMember(server, { name: 'Mo Member' });
    const before = readOutbox(server).length;
    expect(
      (await member.client.post('/api/admin/announcements', { subject: 'Hi', body: 'Spam' })).status,
    ).toBe(403);
    expect((await member.client.get('/api/admin/announcements')).status).toBe(403);
    for (const [body, message] of [
      [{ subject: '', body: 'x' }, 'Write a subject.'],
      [{ subject: 'x', body: '   ' }, 'Write the message.'],
      [{ subject: 'x'.repeat(151), body: 'x' }, 'The subject must be at most 150 characters.'],
      [{ subject: 'x', body: 'x'.repeat(5001) }, 'The message must be at most 5000 characters.'],
      [
        { subject: 'a\nb', body: 'x' },
        'The subject must be one line, without line breaks or control characters.',
      ],
      [{ subject: 'x', body: 'x\u0000' }, 'The message cannot contain NUL characters.'],
      [{ subject: 'x', body: 'x', extra: 1 }, 'Unknown field: extra.'],
    ] as const) {
      const res = await ada.client.post('/api/admin/announcements', body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect(
      (await ada.client.get('/api/admin/announcements')).body.announcements.every(
        (a: { subject: string }) => a.subject !== 'x',
      ),
    ).toBe(true);
    expect(readOutbox(server).length).toBe(before);
  });
});
