import { createTestEvent, rsvp } from '@server/test/events.ts';
import { type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, readOutbox, startTestServer, type TestServer } from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendEventReminders } from './eventReminders.ts';

const HOUR = 3600 * 1000;

/** 'YYYY-MM-DDTHH:mm' in UTC, `ms` from now, on the minute. */
const utcLocal = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 16);

/**
 * Event reminders (issue 26): 24 hours and 1 hour before each occurrence, to the members going, in the
 * bell and by email under their switch, exactly once however many runners ask at the same moment.
 */
describe.each(dialects)('event reminders (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });
  const member = (name: string): Promise<GroupTestMember> => groupTestMember(server, name);
  const remindersOf = async (m: GroupTestMember) =>
    (
      (await m.client.get('/api/notifications')).body.notifications as Array<{
        type: string;
        message: string;
        event: { id: string };
      }>
    ).filter((n) => n.type === 'event_reminder');
  const emailOf = async (m: GroupTestMember) => (await m.client.get('/api/me')).body.email as string;

  it('reminds the going members once a day and once an hour before, whatever the number of runners', async () => {
    const host = await member('Rm Host');
    const event = await createTestEvent(host, {
      title: 'Prayer breakfast',
      time_zone: 'UTC',
      starts_local: utcLocal(23 * HOUR),
      ends_local: utcLocal(25 * HOUR),
    });
    const [going, maybe, off] = await Promise.all([member('Rm Going'), member('Rm Maybe'), member('Rm Off')]);
    await rsvp(going, event.id, { answer: 'going', guests: 1 });
    await rsvp(maybe, event.id, { answer: 'interested' });
    await rsvp(off, event.id, { answer: 'going' });
    await off.client.request('PATCH', '/api/settings/preferences', { email_events: false });
    const ctx = server.built.ctx;
    // Two runners at the same moment.
    const [a, b] = await Promise.all([sendEventReminders(ctx), sendEventReminders(ctx)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await remindersOf(going)).toMatchObject([{ message: '24h', event: { id: event.id } }]);
    expect(await remindersOf(off)).toHaveLength(1);
    expect(await remindersOf(maybe)).toEqual([]);
    await sendEventReminders(ctx);
    expect(await remindersOf(going)).toHaveLength(1);
    const goingAddress = (await emailOf(going)).toLowerCase();
    const offAddress = (await emailOf(off)).toLowerCase();
    const goingMail = readOutbox(server).filter((m) => m.to === goingAddress);
    expect(goingMail.map((m) => m.subject)).toEqual(['Prayer breakfast starts in 24 hours']);
    const offMail = readOutbox(server).filter((m) => m.to === offAddress);
    expect(offMail).toEqual([]);
    // 22.5 hours later it starts within the hour: the hour's reminder, once.
    const later = Date.now() + 22.5 * HOUR;
    await Promise.all([sendEventReminders(ctx, { now: later }), sendEventReminders(ctx, { now: later })]);
    expect((await remindersOf(going)).map((n) => n.message)).toEqual(['1h', '24h']);
  });

  it('skips cancelled events and does not send a day reminder once the hour has come', async () => {
    const host = await member('Rc Host');
    const soon = await createTestEvent(host, {
      time_zone: 'UTC',
      starts_local: utcLocal(40 * 60_000 + 60_000),
      ends_local: utcLocal(2 * HOUR),
    });
    const gone = await createTestEvent(host, {
      time_zone: 'UTC',
      starts_local: utcLocal(10 * HOUR),
      ends_local: utcLocal(11 * HOUR),
    });
    const fan = await member('Rc Fan');
    await rsvp(fan, soon.id, { answer: 'going' });
    await rsvp(fan, gone.id, { answer: 'going' });
    await host.client.post(`/api/events/${gone.id}/cancel`, { reason: 'Rain' });
    await sendEventReminders(server.built.ctx);
    const reminders = await remindersOf(fan);
    expect(reminders.map((n) => [n.event.id, n.message])).toEqual([[soon.id, '1h']]);
  });
});
