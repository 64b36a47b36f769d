import { CIRCLE_LIMITS, CIRCLE_TEXTS } from '@common/schemas/circles.ts';
import { circleTestServer, letIn, makeCircle, nextEvent } from '@server/test/circles.ts';
import { dialects } from '@server/test/harness.ts';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';

// Joining at once, asking the host, approval and decline, the guest limit and ended circles.
describe.each(dialects)('joining FaithVerse circles (%s)', (dialect) => {
  const { db, member, page, openTab } = circleTestServer(dialect);

  describe('joining', () => {
    it('joins an open circle at once, once', async () => {
      const host = await member();
      const guest = await member('Gita Guest');
      const circle = await makeCircle(host.client, { join_by_blessing: false });
      const joined = await guest.client.post(`/api/circles/${circle.id}/join`);
      expect(joined.status).toBe(200);
      expect(joined.body).toMatchObject({ role: 'guest', access: 'member', circle: { member_count: 2 } });
      expect((await guest.client.post(`/api/circles/${circle.id}/join`)).body.circle.member_count).toBe(2);
      // Asking to join an open circle lets the member in too.
      const other = await member();
      expect((await other.client.post(`/api/circles/${circle.id}/requests`)).body).toMatchObject({
        access: 'member',
        role: 'guest',
      });
      const members = (await guest.client.get(`/api/circles/${circle.id}/members`)).body;
      expect(members.map((m: { user: { id: string }; role: string }) => [m.user.id, m.role])).toEqual([
        [host.me.id, 'host'],
        [guest.me.id, 'guest'],
        [other.me.id, 'guest'],
      ]);
      expect(members[1].user.full_name).toBe('Gita Guest');
      expect((await host.client.get(`/api/circles/${circle.id}/requests`)).body).toEqual([]);
    });

    it('has the host approve or decline each guest of a circle that asks', async () => {
      const host = await member();
      const asker = await member('Ada Asker');
      const declined = await member();
      const circle = await makeCircle(host.client);
      const hostTab = await openTab(host);
      const askerTab = await openTab(asker);

      const direct = await asker.client.post(`/api/circles/${circle.id}/join`);
      expect(direct.status).toBe(403);
      expect(direct.body.error).toEqual({ code: 'approval_required', message: CIRCLE_TEXTS.needsApproval });
      expect((await page(asker, circle.id)).body).toMatchObject({ role: null, access: 'request' });

      const told = nextEvent(hostTab, 'circle:requests');
      const asked = await asker.client.post(`/api/circles/${circle.id}/requests`);
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({ role: null, access: 'pending' });
      expect(await told).toEqual({ circle_id: circle.id });
      expect((await asker.client.post(`/api/circles/${circle.id}/requests`)).body.access).toBe('pending');
      await declined.client.post(`/api/circles/${circle.id}/requests`);
      const requests = (await host.client.get(`/api/circles/${circle.id}/requests`)).body;
      expect(requests).toEqual([
        {
          user: expect.objectContaining({ id: asker.me.id, full_name: 'Ada Asker' }),
          created_at: expect.any(String),
        },
        { user: expect.objectContaining({ id: declined.me.id }), created_at: expect.any(String) },
      ]);
      // Still waiting: the room stays closed.
      expect((await asker.client.get(`/api/circles/${circle.id}/chat`)).status).toBe(403);

      const decision = nextEvent(askerTab, 'circle:decision');
      const approve = await host.client.post(`/api/circles/${circle.id}/requests/${asker.me.id}/approve`);
      expect(approve.status).toBe(200);
      expect(await decision).toEqual({ circle_id: circle.id, decision: 'approved' });
      expect((await page(asker, circle.id)).body).toMatchObject({ role: 'guest', access: 'member' });
      expect((await asker.client.get(`/api/circles/${circle.id}/chat`)).status).toBe(200);

      expect(
        (await host.client.post(`/api/circles/${circle.id}/requests/${declined.me.id}/decline`)).status,
      ).toBe(200);
      expect((await page(declined, circle.id)).body).toMatchObject({ role: null, access: 'declined' });
      const askAgain = await declined.client.post(`/api/circles/${circle.id}/requests`);
      expect(askAgain.status).toBe(403);
      expect(askAgain.body.error.code).toBe('declined');
      expect((await declined.client.post(`/api/circles/${circle.id}/join`)).status).toBe(403);
      expect((await host.client.get(`/api/circles/${circle.id}/requests`)).body).toEqual([]);

      // Only pending requests are answered, only by the host.
      for (const userId of [declined.me.id, asker.me.id, uuidv7()]) {
        const res = await host.client.post(`/api/circles/${circle.id}/requests/${userId}/approve`);
        expect(res.status).toBe(404);
        expect(res.body.error.message).toBe(CIRCLE_TEXTS.noRequest);
      }
      expect((await host.client.post(`/api/circles/${circle.id}/requests/..%2f..%2fx/approve`)).status).toBe(
        404,
      );
      const third = await member();
      await third.client.post(`/api/circles/${circle.id}/requests`);
      const byGuest = await asker.client.post(`/api/circles/${circle.id}/requests/${third.me.id}/approve`);
      expect(byGuest.status).toBe(403);
      expect((await page(third, circle.id)).body.access).toBe('pending');
    });

    it('asks the host of a private circle even when blessing is off', async () => {
      const host = await member();
      const asker = await member();
      const circle = await makeCircle(host.client, { visibility: 'private', join_by_blessing: false });
      expect((await asker.client.post(`/api/circles/${circle.id}/join`)).body.error.code).toBe(
        'approval_required',
      );
      expect((await asker.client.post(`/api/circles/${circle.id}/requests`)).body.access).toBe('pending');
      await host.client.post(`/api/circles/${circle.id}/requests/${asker.me.id}/approve`);
      expect((await page(asker, circle.id)).body.role).toBe('guest');
    });

    it('lets no guest in past max_guests, and nobody into an ended circle', async () => {
      const host = await member();
      const [first, second, third] = [await member(), await member(), await member()];
      const open = await makeCircle(host.client, { join_by_blessing: false });
      const asking = await makeCircle(host.client);
      await db()
        .updateTable('faith_circles')
        .set({ max_guests: 1 })
        .where('id', 'in', [open.id, asking.id])
        .execute();

      // The host is not a guest: one guest fits.
      await letIn(host, first, open.id);
      expect((await page(second, open.id)).body.access).toBe('full');
      const full = await second.client.post(`/api/circles/${open.id}/join`);
      expect(full.status).toBe(409);
      expect(full.body.error).toEqual({ code: 'circle_full', message: CIRCLE_TEXTS.full });
      expect((await page(host, open.id)).body.circle.member_count).toBe(2);

      // A full circle that asks still takes requests, but the host cannot let more in.
      await letIn(host, first, asking.id);
      expect((await second.client.post(`/api/circles/${asking.id}/requests`)).body.access).toBe('pending');
      const approve = await host.client.post(`/api/circles/${asking.id}/requests/${second.me.id}/approve`);
      expect(approve.status).toBe(409);
      expect(approve.body.error.message).toBe(CIRCLE_TEXTS.full);
      expect((await page(second, asking.id)).body).toMatchObject({ role: null, access: 'pending' });

      expect((await host.client.post(`/api/circles/${open.id}/end`)).status).toBe(200);
      expect((await page(third, open.id)).body).toMatchObject({
        access: 'ended',
        preview: { available: false },
      });
      for (const action of ['join', 'requests']) {
        const res = await third.client.post(`/api/circles/${open.id}/${action}`);
        expect(res.status, action).toBe(409);
        expect(res.body.error).toEqual({ code: 'circle_ended', message: CIRCLE_TEXTS.hasEnded });
      }
      // Members keep their place in an ended circle (the room shows it ended).
      expect((await page(first, open.id)).body).toMatchObject({ role: 'guest', access: 'member' });
      expect((await page(host, open.id)).body.circle.member_count).toBe(2);
    });

    it('seats one of two members racing for the last place, and a member asking twice at once once', async () => {
      const host = await member();
      const [ann, ben] = [await member(), await member()];
      const last = await makeCircle(host.client, { join_by_blessing: false });
      await db().updateTable('faith_circles').set({ max_guests: 1 }).where('id', '=', last.id).execute();
      const race = await Promise.all([ann, ben].map((m) => m.client.post(`/api/circles/${last.id}/join`)));
      expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
      expect((await page(host, last.id)).body.circle.member_count).toBe(2);

      const open = await makeCircle(host.client, { join_by_blessing: false });
      const twice = await Promise.all([1, 2].map(() => ann.client.post(`/api/circles/${open.id}/join`)));
      expect(twice.map((r) => r.status)).toEqual([200, 200]);
      expect((await page(host, open.id)).body.circle.member_count).toBe(2);

      const asking = await makeCircle(host.client);
      const asks = await Promise.all([1, 2].map(() => ben.client.post(`/api/circles/${asking.id}/requests`)));
      expect(asks.map((r) => [r.status, r.body.access])).toEqual([
        [200, 'pending'],
        [200, 'pending'],
      ]);
      expect((await host.client.get(`/api/circles/${asking.id}/requests`)).body).toHaveLength(1);
    });

    it('lets ten guests into a circle of the default size, and not an eleventh', async () => {
      const host = await member();
      const circle = await makeCircle(host.client, { join_by_blessing: false });
      const guests = await Promise.all(Array.from({ length: 11 }, () => member()));
      for (const guest of guests.slice(0, CIRCLE_LIMITS.defaultMaxGuests)) {
        expect((await guest.client.post(`/api/circles/${circle.id}/join`)).status).toBe(200);
      }
      const eleventh = await guests[10]!.client.post(`/api/circles/${circle.id}/join`);
      expect(eleventh.status).toBe(409);
      expect(eleventh.body.error.message).toBe(CIRCLE_TEXTS.full);
      expect((await page(host, circle.id)).body.circle.member_count).toBe(11);
    });
  });
});
