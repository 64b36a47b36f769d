import { CIRCLE_LIMITS, CIRCLE_TEXTS, type Circle } from '@common/schemas/circles.ts';
import {
  ageHeartbeat,
  type CircleMember,
  circleTestServer,
  goLive,
  letIn,
  makeCircle,
  settle,
} from '@server/test/circles.ts';
import { dialects } from '@server/test/harness.ts';
import { describe, expect, it } from 'vitest';

type Member = CircleMember;

// What each viewer sees of each kind of circle, and the live list. Starting circles and the host's
// controls: circles.test.ts.
describe.each(dialects)('FaithVerse circles, who sees what (%s)', (dialect) => {
  const { server: testServer, member, page } = circleTestServer(dialect);
  const liveIds = async (viewer: Member, among: string[]) =>
    ((await viewer.client.get('/api/circles/live')).body as Circle[])
      .map((circle) => circle.id)
      .filter((id) => among.includes(id));

  describe('who sees what', () => {
    it('shows each kind of circle to its host, a guest and a stranger', async () => {
      const host = await member();
      const guest = await member();
      const stranger = await member();
      const kinds = [
        { visibility: 'public', join_by_blessing: false, stranger: 'open' },
        { visibility: 'public', join_by_blessing: true, stranger: 'request' },
        { visibility: 'unlisted', join_by_blessing: false, stranger: 'open' },
        { visibility: 'unlisted', join_by_blessing: true, stranger: 'request' },
        // A private circle always asks, whatever its blessing flag says.
        { visibility: 'private', join_by_blessing: false, stranger: 'request' },
      ] as const;
      for (const kind of kinds) {
        const label = `${kind.visibility}, blessing ${kind.join_by_blessing}`;
        const circle = await makeCircle(host.client, {
          visibility: kind.visibility,
          join_by_blessing: kind.join_by_blessing,
        });
        // Anyone with the link sees the header and where they stand.
        const seen = await page(stranger, circle.id);
        expect(seen.status, label).toBe(200);
        expect(seen.body, label).toMatchObject({
          circle: { id: circle.id, title: circle.title, visibility: kind.visibility },
          role: null,
          access: kind.stranger,
        });
        expect((await page(host, circle.id)).body, label).toMatchObject({ role: 'host', access: 'member' });
        await letIn(host, guest, circle.id);
        expect((await page(guest, circle.id)).body.circle.member_count, label).toBe(2);
        // The room itself is for members.
        for (const path of ['members', 'chat']) {
          const res = await stranger.client.get(`/api/circles/${circle.id}/${path}`);
          expect(res.status, `${label} ${path}`).toBe(403);
          expect(res.body.error.message).toBe(CIRCLE_TEXTS.notMember);
          expect((await guest.client.get(`/api/circles/${circle.id}/${path}`)).status).toBe(200);
        }
        expect((await stranger.client.get(`/api/circles/${circle.id}/requests`)).status).toBe(403);
        expect((await guest.client.get(`/api/circles/${circle.id}/requests`)).body).toEqual({
          error: { code: 'circle_host_only', message: CIRCLE_TEXTS.hostOnly },
        });
      }
    });

    it('lists live circles that are listed, public or unlisted and heard from within 45 s, newest heartbeat first', async () => {
      const host = await member();
      const viewer = await member();
      const pub = await makeCircle(host.client, { title: 'Public' });
      const unlisted = await makeCircle(host.client, { title: 'Unlisted', visibility: 'unlisted' });
      const hidden = await makeCircle(host.client, { title: 'Private', visibility: 'private' });
      const later = await makeCircle(host.client, { title: 'Scheduled', mode: 'scheduled' });
      const ids = [pub.id, unlisted.id, hidden.id, later.id];
      // Live by mode, but nothing is listed before the host's media starts.
      expect(await liveIds(viewer, ids)).toEqual([]);

      const started = Date.now();
      const live = await goLive(host.client, pub.id, 'screen');
      expect(live).toMatchObject({ id: pub.id, status: 'live', is_listed: true, source_type: 'screen' });
      expect(Date.parse(live.host_heartbeat!)).toBeGreaterThanOrEqual(started - 1000);
      await settle(5);
      await goLive(host.client, unlisted.id);
      await settle(5);
      const privateLive = await goLive(host.client, hidden.id);
      expect(privateLive).toMatchObject({
        status: 'live',
        is_listed: false,
        host_heartbeat: expect.any(String),
      });
      await settle(5);
      expect((await goLive(host.client, later.id, 'audio')).status).toBe('live');
      expect(await liveIds(viewer, ids)).toEqual([later.id, unlisted.id, pub.id]);

      await settle(5);
      const beat = await host.client.post(`/api/circles/${pub.id}/heartbeat`);
      expect(beat.status).toBe(200);
      expect(Date.parse(beat.body.host_heartbeat)).toBeGreaterThan(Date.parse(live.host_heartbeat!));
      expect(await liveIds(viewer, ids)).toEqual([pub.id, later.id, unlisted.id]);

      // A host not heard from for 45 s drops off the list.
      await ageHeartbeat(testServer(), unlisted.id, CIRCLE_LIMITS.freshnessMs / 1000 + 1);
      expect(await liveIds(viewer, ids)).toEqual([pub.id, later.id]);

      const ended = await host.client.post(`/api/circles/${later.id}/end`);
      expect(ended.status).toBe(200);
      expect(ended.body).toMatchObject({ id: later.id, status: 'ended', is_listed: false });
      expect(await liveIds(viewer, ids)).toEqual([pub.id]);
      // Ending twice changes nothing; an ended circle does not come back.
      expect((await host.client.post(`/api/circles/${later.id}/end`)).body).toMatchObject({
        status: 'ended',
      });
      const again = await host.client.post(`/api/circles/${later.id}/live`, { source_type: 'camera' });
      expect(again.status).toBe(409);
      expect(again.body.error).toEqual({ code: 'circle_ended', message: CIRCLE_TEXTS.hasEnded });
      expect((await host.client.post(`/api/circles/${later.id}/heartbeat`)).status).toBe(409);
      expect(await liveIds(viewer, ids)).toEqual([pub.id]);
      expect((await page(viewer, later.id)).body).toMatchObject({
        circle: { status: 'ended' },
        access: 'ended',
      });
    });

    it('lets only the host go live, keep the circle alive and end it', async () => {
      const host = await member();
      const guest = await member();
      const stranger = await member();
      const circle = await makeCircle(host.client, { join_by_blessing: false });
      await letIn(host, guest, circle.id);
      for (const [who, code, message] of [
        [guest, 'circle_host_only', CIRCLE_TEXTS.hostOnly],
        [stranger, 'circle_not_member', CIRCLE_TEXTS.notMember],
      ] as const) {
        for (const action of ['live', 'heartbeat', 'end']) {
          const res = await who.client.post(`/api/circles/${circle.id}/${action}`, { source_type: 'camera' });
          expect(res.status, action).toBe(403);
          expect(res.body.error).toEqual({ code, message });
        }
      }
      expect((await page(host, circle.id)).body.circle).toMatchObject({
        status: 'live',
        is_listed: false,
        host_heartbeat: null,
      });
      const bad = await host.client.post(`/api/circles/${circle.id}/live`, { source_type: 'hologram' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe('source_type must be camera, screen or audio.');
      expect((await host.client.post(`/api/circles/${circle.id}/live`, {})).status).toBe(400);
      expect((await page(host, circle.id)).body.circle.is_listed).toBe(false);

      // The host's page going away sends a beacon: no body, no content type.
      const beacon = await host.client.request('POST', `/api/circles/${circle.id}/end`);
      expect(beacon.status).toBe(200);
      expect(beacon.body).toMatchObject({ status: 'ended', is_listed: false });
    });
  });
});
