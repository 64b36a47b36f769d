import { createTestEvent } from '@server/test/events.ts';
import { createTestGroup, groupTestMember } from '@server/test/groups.ts';
import { dialects, startTestServer, type TestServer } from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventCircles } from './openEventCircles.ts';

const utcLocal = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 16);

/** Online events (issue 26): the FaithVerse circle opens as the event starts, once, in its group. */
describe.each(dialects)('opening event circles (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  it("opens one circle per occurrence about to start, the host's, in the event's group", async () => {
    const host = await groupTestMember(server, 'Oc Host');
    const group = await createTestGroup(host, { name: 'Vigil team', privacy: 'private' });
    const soon = await createTestEvent(host, {
      title: 'Online vigil',
      place: 'circle',
      time_zone: 'UTC',
      starts_local: utcLocal(5 * 60_000 + 60_000),
      ends_local: utcLocal(65 * 60_000),
      group_id: group.id,
    });
    const later = await createTestEvent(host, {
      place: 'circle',
      time_zone: 'UTC',
      starts_local: utcLocal(3 * 3600_000),
      ends_local: utcLocal(4 * 3600_000),
    });
    const ctx = server.built.ctx;
    const [a, b] = await Promise.all([openEventCircles(ctx), openEventCircles(ctx)]);
    expect(a + b).toBe(1);
    expect(await openEventCircles(ctx)).toBe(0);
    const page = (await host.client.get(`/api/events/${soon.id}`)).body;
    expect(page.circle_id).toEqual(expect.any(String));
    expect((await host.client.get(`/api/events/${later.id}`)).body.circle_id).toBeNull();
    const circle = (await host.client.get(`/api/circles/${page.circle_id}`)).body;
    expect(circle.circle).toMatchObject({ title: 'Online vigil', group: { slug: group.slug } });
    // Outside the group, the circle is not theirs to find.
    const outsider = await groupTestMember(server, 'Oc Outsider');
    expect((await outsider.client.get(`/api/circles/${page.circle_id}`)).status).toBe(404);
  });

  it('opens the circle of a week-long occurrence still under way days after it started', async () => {
    const host = await groupTestMember(server, 'Oc Retreat');
    const start = Date.now() + 3600_000;
    const retreat = await createTestEvent(host, {
      title: 'Online retreat',
      place: 'circle',
      time_zone: 'UTC',
      starts_local: utcLocal(3600_000),
      ends_local: utcLocal(3600_000 + 168 * 3600_000),
    });
    // Six and a half days in, its circle was never opened (the runner was down, say).
    expect(await openEventCircles(server.built.ctx, { now: start + 156 * 3600_000 })).toBe(1);
    expect((await host.client.get(`/api/events/${retreat.id}`)).body.circle_id).toEqual(expect.any(String));
  });
});
