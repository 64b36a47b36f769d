import { MEMBER_LIMITS } from '@server/http/rateLimit.ts';
import { circleTestServer, goLive, letIn, makeCircle } from '@server/test/circles.ts';
import { describe, expect, it } from 'vitest';

// The stage of a Janus circle (routes/circles/stage.ts) tells the room of every hand and invitation: a
// script must meet a 429 there as it does in the circle's chat (issue 49).
describe('the stage routes are rate-limited per member', () => {
  const { member } = circleTestServer('sqlite');

  it('answers 429 with a wait after MEMBER_LIMITS.circleStage hands, invitations and leavings', async () => {
    const host = await member('Sl Host');
    const guest = await member('Sl Guest');
    const other = await member('Sl Other');
    const circle = await makeCircle(host.client, { join_by_blessing: false });
    await goLive(host.client, circle.id);
    await letIn(host, guest, circle.id);
    await letIn(host, other, circle.id);
    const { max } = MEMBER_LIMITS.circleStage;
    const asks = [
      () => guest.client.request('PUT', `/api/circles/${circle.id}/hand`),
      () => guest.client.request('DELETE', `/api/circles/${circle.id}/hand`),
      () => guest.client.request('DELETE', `/api/circles/${circle.id}/stage/${guest.me.id}`),
    ];
    const statuses: number[] = [];
    for (let i = 0; i < max; i += 1) statuses.push((await asks[i % asks.length]!()).status);
    // Under the limit each is answered on its merits (this circle has no Janus: a 4xx that says so).
    expect(statuses).not.toContain(429);
    const limited = await guest.client.request('PUT', `/api/circles/${circle.id}/hand`);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The host's invitations count on their own, and another guest is not held back.
    expect(
      (await host.client.request('PUT', `/api/circles/${circle.id}/stage/${guest.me.id}`)).status,
    ).not.toBe(429);
    expect((await other.client.request('PUT', `/api/circles/${circle.id}/hand`)).status).not.toBe(429);
  });
});
