import {
  type AckResult,
  type ClientToServerEvents,
  rooms,
  type ServerToClientEvents,
} from '@common/realtime.ts';
import { signedInMember, startTestServer, type TestServer } from '@server/test/harness.ts';
import { connected, connectSocket } from '@server/test/sockets.ts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Tab = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Sends any event, as a script could, and waits for the acknowledgement. */
function ask(tab: Tab, event: string, ...payload: unknown[]): Promise<AckResult<unknown>> {
  return (tab as unknown as Socket).timeout(2000).emitWithAck(event, ...payload);
}

describe('client-to-server events', () => {
  let server: TestServer;
  const tabs: Tab[] = [];
  let tab: Tab;
  let me: string;
  let other: string;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    const alice = await signedInMember(server);
    const bob = await signedInMember(server);
    me = alice.me.id;
    other = bob.me.id;
    tab = connectSocket(server, alice.client) as Tab;
    tabs.push(tab);
    await connected(tab);
  });
  afterAll(async () => {
    for (const t of tabs) t.close();
    await server.close();
  });

  it('joins the live-circles room when asked, and hears what is sent to it', async () => {
    expect(await ask(tab, 'room:join', { room: 'circles:live' })).toEqual({
      ok: true,
      data: { room: 'circles:live' },
    });
    const heard = new Promise<void>((resolve) => tab.once('notifications:changed', () => resolve()));
    server.built.ctx.realtime.emit(rooms.liveCircles(), 'notifications:changed');
    await heard;
    expect(await ask(tab, 'room:leave', { room: 'circles:live' })).toMatchObject({ ok: true });
  });

  it("refuses another member's private room, a circle they are not a member of, and leaving one's own room", async () => {
    const foreign = await ask(tab, 'room:join', { room: rooms.user(other) });
    expect(foreign).toEqual({
      ok: false,
      error: { code: 'room_forbidden', message: 'You cannot join this room.' },
    });
    // No such circle (a member's id): a 404, as its page (it was a 403, as for a circle one is not in).
    expect(await ask(tab, 'room:join', { room: rooms.circle(other) })).toMatchObject({
      ok: false,
      error: { code: 'circle_not_found' },
    });
    expect(await ask(tab, 'room:leave', { room: rooms.user(me) })).toMatchObject({
      ok: false,
      error: { code: 'room_forbidden' },
    });

    // Still in its own room: a notification for this member arrives.
    const heard = new Promise<void>((resolve) => tab.once('notifications:changed', () => resolve()));
    server.built.ctx.realtime.emitToUser(me, 'notifications:changed');
    await heard;
  });

  it('answers malformed requests and unknown events with an error, and keeps serving', async () => {
    const cases: Array<[string, unknown[], string]> = [
      ['room:join', [{ room: 'user:../../admin' }], 'invalid_room'],
      ['room:join', [{ room: 'circles:live ' }], 'invalid_room'],
      ['room:join', [{ room: `user:${'a'.repeat(65)}` }], 'invalid_room'],
      ['room:join', [{ room: 42 }], 'room_not_text'],
      ['room:join', [{}], 'room_not_text'],
      ['room:join', [{ room: 'circles:live', extra: true }], 'unknown_field'],
      ['room:join', ['circles:live'], 'event_not_object'],
      ['room:join', [null], 'event_not_object'],
      ['room:join', [[{ room: 'circles:live' }]], 'event_not_object'],
      ['room:join', [{ room: `${'x'.repeat(10_000)}` }], 'invalid_room'],
      ['room:join', [{ room: 'user:\u0000' }], 'invalid_room'],
      ['circle:offer', [{ to: other, sdp: 'v=0' }], 'unknown_event'],
      ['constructor', [{}], 'unknown_event'],
    ];
    for (const [event, payload, code] of cases) {
      const answer = await ask(tab, event, ...payload);
      expect(answer, `${event} ${JSON.stringify(payload).slice(0, 60)}`).toMatchObject({
        ok: false,
        error: { code },
      });
    }
    expect(await ask(tab, 'room:join', 'circles:live')).toEqual({
      ok: false,
      error: { code: 'event_not_object', message: "Send the event's data as an object." },
    });
    // Without an acknowledgement nothing can be answered; the socket stays up all the same.
    (tab as unknown as Socket).emit('room:join', { room: rooms.user(other) });
    (tab as unknown as Socket).emit('no-such-event');
    expect(await ask(tab, 'room:join', { room: 'circles:live' })).toMatchObject({ ok: true });
    expect(tab.connected).toBe(true);
  });
});
