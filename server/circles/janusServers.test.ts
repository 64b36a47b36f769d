import { goLive, letIn, makeCircle } from '@server/test/circles.ts';
import {
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  type TestServer,
} from '@server/test/harness.ts';
import { type JanusTestServer, janusAvailable, startJanusInNetns } from '@server/test/janusNetns.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Circles on two of Debian's Janus servers, each in a network namespace of its own: which one a new
// circle goes to, and what happens when one stops.

describe.skipIf(!janusAvailable())('circles on several Janus servers', () => {
  let janusA: JanusTestServer;
  let janusB: JanusTestServer;
  let server: TestServer;

  beforeAll(async () => {
    [janusA, janusB] = [await startJanusInNetns(), await startJanusInNetns()];
    server = await startTestServer('sqlite', {
      ...GENEROUS_AUTH_LIMITS,
      // Both with the same secrets, as a deployment has them.
      janus: { urls: [janusA.url, janusB.url], apiSecret: janusA.apiSecret, adminKey: janusA.adminKey },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await janusA?.destroy();
    await janusB?.destroy();
  });

  it('pins each circle to the least-loaded server (rooms and their guests), and skips one that stopped', async () => {
    // janusB takes the first one's secrets: restart it with them.
    await janusB.stop();
    await janusB.start({ apiSecret: janusA.apiSecret, adminKey: janusA.adminKey });
    const serverOf = async (circleId: string) =>
      (
        await server.built.ctx.database.db
          .selectFrom('faith_circle_janus_rooms')
          .select('server_url')
          .where('circle_id', '=', circleId)
          .executeTakeFirst()
      )?.server_url;
    const host = await signedInMember(server);
    const guests = [await signedInMember(server), await signedInMember(server)];
    const first = await makeCircle(host.client, { join_by_blessing: false });
    await goLive(host.client, first.id);
    const firstServer = await serverOf(first.id);
    for (const guest of guests) await letIn(host, guest, first.id);
    const other = firstServer === janusA.url ? janusB.url : janusA.url;

    // Two rooms of one member each on the other server still weigh less than one room of three.
    const second = await makeCircle(guests[0]!.client, { join_by_blessing: false });
    expect((await goLive(guests[0]!.client, second.id)).media).toBe('janus');
    expect(await serverOf(second.id)).toBe(other);
    const third = await makeCircle(guests[1]!.client, { join_by_blessing: false });
    await goLive(guests[1]!.client, third.id);
    expect(await serverOf(third.id)).toBe(other);

    // The other server stops: its circles end, and the next circle goes to the one that answers.
    await (other === janusA.url ? janusA : janusB).stop();
    await expect
      .poll(async () => (await guests[0]!.client.get(`/api/circles/${second.id}`)).body.circle.status, {
        timeout: 15_000,
      })
      .toBe('ended');
    expect((await guests[0]!.client.get(`/api/circles/${first.id}`)).body.circle.status).toBe('live');
    const fourth = await makeCircle(host.client, { join_by_blessing: false });
    expect((await goLive(host.client, fourth.id)).media).toBe('janus');
    expect(await serverOf(fourth.id)).toBe(firstServer);
  }, 60_000);
});
