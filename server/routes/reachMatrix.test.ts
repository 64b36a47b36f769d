import type { AckResult } from '@common/realtime.ts';
import { sendDailyDigests } from '@server/jobs/emailDigests.ts';
import { sendEventReminders } from '@server/jobs/eventReminders.ts';
import { goLive, makeCircle } from '@server/test/circles.ts';
import { createTestEvent, rsvp } from '@server/test/events.ts';
import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  readOutbox,
  startTestServer,
  type TestServer,
} from '@server/test/harness.ts';
import {
  CHANNELS,
  type Channel,
  REACH,
  REACH_ACTORS,
  type Reach,
  type ReachActor,
} from '@server/test/matrix/reach.ts';
import { makePost } from '@server/test/posts.ts';
import {
  type LocalPushService,
  type PushBrowser,
  pushSettingsFor,
  startPushService,
} from '@server/test/pushService.ts';
import { type ClientSocket, connected, connectSocket } from '@server/test/sockets.ts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The reach matrix (server/test/matrix/reach.ts): every actor who lost access to a group against
// every channel the server reaches members by, beside a member who kept it. The world is built once
// per database; the loss comes before anything is measured, so each cell is what the server sent after it.

const HOUR = 3600 * 1000;
const utcLocal = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 16);
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

/** Everything one actor was sent after the loss, as text, by channel. */
type Heard = Record<Channel, string[]>;

interface Actor {
  who: GroupTestMember;
  email: string;
  browser: PushBrowser;
  tab: ClientSocket;
  /** Every event the tab heard, as JSON, from the loss on. */
  heard: string[];
}

describe.each(dialects)('reach matrix (%s)', (dialect) => {
  let server: TestServer;
  let pushService: LocalPushService;
  const actors = {} as Record<ReachActor, Actor>;
  const results = {} as Record<ReachActor, Record<Channel, Reach>>;
  /** What the plain member got of the anonymous request alone, to compare the muter's column with. */
  const memberOfAnonymous = {} as Record<Channel, Reach>;

  beforeAll(async () => {
    pushService = await startPushService();
    server = await startTestServer(dialect, {
      ...GENEROUS_AUTH_LIMITS,
      push: pushSettingsFor(pushService),
    });
    const owner = await groupTestMember(server, 'Reach Owner');
    const author = await groupTestMember(server, 'Reach Anonymous');
    for (const actor of REACH_ACTORS) {
      const who = await groupTestMember(server, `Reach ${actor}`);
      const email = ((await who.client.get('/api/me')).body.email as string).toLowerCase();
      const browser = pushService.browser(actor);
      expect((await who.client.request('PUT', '/api/push/subscription', browser.subscription)).status).toBe(
        204,
      );
      const prefs = { email_new_posts: true, push_new_posts: true, push_events: true, email_events: true };
      expect((await who.client.request('PATCH', '/api/settings/preferences', prefs)).status).toBe(200);
      const tab = connectSocket(server, who.client);
      await connected(tab);
      const heard: string[] = [];
      (tab as unknown as Socket).onAny((event: string, ...args: unknown[]) =>
        heard.push(JSON.stringify([event, ...args])),
      );
      actors[actor] = { who, email, browser, tab, heard };
    }

    // G, public; everyone but the outsider joins; everyone answers 'going' to its event tomorrow.
    const group = await createTestGroup(owner, { name: 'Reach Hall', privacy: 'public' });
    await author.client.post(`/api/groups/${group.slug}/join`);
    for (const actor of REACH_ACTORS) {
      if (actor === 'member of a group turned private') continue;
      expect((await actors[actor].who.client.post(`/api/groups/${group.slug}/join`)).status).toBe(200);
    }
    const event = await createTestEvent(owner, {
      title: 'Reach supper',
      group_id: group.id,
      time_zone: 'UTC',
      starts_local: utcLocal(23 * HOUR),
      ends_local: utcLocal(25 * HOUR),
    });
    for (const actor of REACH_ACTORS)
      expect((await rsvp(actors[actor].who, event.id, { answer: 'going' })).status).toBe(200);
    const muter = actors['muter of an anonymous author'].who;
    expect((await muter.client.request('PUT', `/api/mutes/${author.id}`)).status).toBe(200);

    // The loss.
    const at = `/api/groups/${group.slug}`;
    expect(
      (await owner.client.request('DELETE', `${at}/members/${actors['removed member'].who.id}`)).status,
    ).toBe(200);
    expect((await owner.client.request('PUT', `${at}/bans/${actors['banned member'].who.id}`)).status).toBe(
      200,
    );
    expect((await owner.client.request('PUT', `/api/blocks/${actors.blocked.who.id}`)).status).toBe(200);
    expect((await owner.client.request('PATCH', at, { privacy: 'private' })).status).toBe(200);
    await settle();
    const mailsBefore = readOutbox(server).length;
    const pushedBefore = Object.fromEntries(
      REACH_ACTORS.map((a) => [a, actors[a].browser.received().length]),
    );
    for (const actor of REACH_ACTORS) actors[actor].heard.length = 0;

    // What the owner and the anonymous author send after it.
    const post = await makePost(owner.client, {
      content: 'Reach: a word for the members',
      group_id: group.id,
    });
    const anonymous = await makePost(author.client, {
      category: 'prayer',
      prayer_type: 'petition',
      content: 'Reach: pray for my mother',
      anonymous: true,
      group_id: group.id,
    });
    expect(
      (await owner.client.post(`/api/events/${event.id}/messages`, { text: 'Reach: the door code is 4321' }))
        .status,
    ).toBe(204);
    const circle = await makeCircle(owner.client, {
      title: 'Reach vigil',
      group_id: group.id,
      join_by_blessing: false,
    });
    await goLive(owner.client, circle.id);
    await settle();

    const ownerMarks = [
      'Reach: a word for the members',
      'Reach supper',
      'Reach: the door code is 4321',
      'Reach vigil',
      post.id,
      circle.id,
    ];
    // The export keeps the member's own answer (its event id) and standing (the group's name).
    const withEvent = [...ownerMarks, event.id];
    const anonymousMarks = ['Reach: pray for my mother', anonymous.id];
    const names = (texts: string[], marks: string[]) =>
      texts.some((text) => marks.some((m) => text.includes(m)));

    const bellOf = async (actor: ReachActor) =>
      (
        (await actors[actor].who.client.get('/api/notifications')).body.notifications as Array<{ id: string }>
      ).map((n) => JSON.stringify(n));
    const mailTo = (actor: ReachActor, from: number, to?: number) =>
      readOutbox(server)
        .slice(from, to)
        .filter((m) => m.to === actors[actor].email)
        .map((m) => `${m.subject}\n${m.text}`);
    const pushedTo = (actor: ReachActor, from: number, to?: number) =>
      actors[actor].browser
        .received()
        .slice(from, to)
        .map((p) => JSON.stringify(p));

    const heard = {} as Record<ReachActor, Heard>;
    const bellsBefore = {} as Record<ReachActor, string[]>;
    const mailsAfterActs = readOutbox(server).length;
    for (const actor of REACH_ACTORS) {
      const { who } = actors[actor];
      // The tab asks for the circle's room the way the web app does, once it joined the circle.
      const joined = await who.client.post(`/api/circles/${circle.id}/join`);
      const room = (await (actors[actor].tab as unknown as Socket)
        .timeout(2000)
        .emitWithAck('room:join', { room: `circle:${circle.id}` })) as AckResult<unknown>;
      bellsBefore[actor] = await bellOf(actor);
      heard[actor] = {
        email: mailTo(actor, mailsBefore, mailsAfterActs),
        push: pushedTo(actor, pushedBefore[actor]!),
        'stored notification': bellsBefore[actor],
        'realtime room': [...actors[actor].heard, ...(joined.status === 200 && room.ok ? [circle.id] : [])],
        'job recipients': [],
        'data export': [JSON.stringify((await who.client.get('/api/settings/data')).body)],
      };
    }

    // The jobs, after it: tomorrow's reminder and the daily digest.
    const pushedAfterActs = Object.fromEntries(
      REACH_ACTORS.map((a) => [a, actors[a].browser.received().length]),
    );
    expect(await sendEventReminders(server.built.ctx)).toBeGreaterThanOrEqual(1);
    expect(await sendDailyDigests(server.built.ctx, { now: Date.now() + 1000 })).toBeGreaterThanOrEqual(1);
    await settle();
    for (const actor of REACH_ACTORS) {
      const newLines = (await bellOf(actor)).filter((line) => !bellsBefore[actor].includes(line));
      heard[actor]['job recipients'] = [
        ...newLines,
        ...mailTo(actor, mailsAfterActs),
        ...pushedTo(actor, pushedAfterActs[actor]!),
      ];
    }

    for (const actor of REACH_ACTORS) {
      const marks = actor === 'muter of an anonymous author' ? anonymousMarks : ownerMarks;
      results[actor] = Object.fromEntries(
        CHANNELS.map((channel) => {
          const wanted =
            channel === 'data export' || actor === 'muter of an anonymous author' ? marks : withEvent;
          return [channel, names(heard[actor][channel], wanted) ? 'reached' : 'nothing'];
        }),
      ) as Record<Channel, Reach>;
    }
    for (const channel of CHANNELS)
      memberOfAnonymous[channel] = names(heard.member[channel], anonymousMarks) ? 'reached' : 'nothing';
  }, 60_000);

  afterAll(async () => {
    for (const actor of Object.values(actors)) actor.tab.disconnect();
    await server?.close();
    await pushService?.close();
  });

  it('has a cell for every actor and channel', () => {
    for (const actor of REACH_ACTORS) expect(Object.keys(REACH[actor]).sort()).toEqual([...CHANNELS].sort());
    expect(Object.keys(REACH).sort()).toEqual([...REACH_ACTORS].sort());
  });

  for (const actor of REACH_ACTORS) {
    it(`reaches the ${actor} as the table says, channel by channel`, () => {
      expect(results[actor], `what reached the ${actor}`).toEqual(REACH[actor]);
    });
  }

  it('tells the muter of an anonymous author what it tells any member of the request', () => {
    expect(results['muter of an anonymous author']).toEqual(memberOfAnonymous);
  });
});
