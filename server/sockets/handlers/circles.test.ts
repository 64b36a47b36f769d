import type { Signal } from '@common/schemas/circleSignals.ts';
import { CIRCLE_LIMITS, CIRCLE_TEXTS, type Circle } from '@common/schemas/circles.ts';
import {
  agePreview,
  ask,
  goLive,
  letIn,
  makeCircle,
  nextEvent,
  recordEvents,
  settle,
} from '@server/test/circles.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  type TestServer,
} from '@server/test/harness.ts';
import { type ClientSocket, connected, connectSocket } from '@server/test/sockets.ts';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGNAL_BUDGET } from './circles.ts';

type Member = Awaited<ReturnType<typeof signedInMember>>;

const SDP = 'v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
const peer = (name: string) => `peer-${name}-0001`;

describe.each(dialects)('circle signalling (%s)', (dialect) => {
  let server: TestServer;
  let host: Member;
  let guest: Member;
  let otherGuest: Member;
  let stranger: Member;
  let circle: Circle;
  const tabs: ClientSocket[] = [];
  /** Each member's tabs; the host has two, as with the room open in two windows. */
  const tabsOf = new Map<Member, ClientSocket[]>();
  let heard: Map<ClientSocket, Map<string, unknown[]>>;

  const openTab = async (member: Member) => {
    const tab = connectSocket(server, member.client);
    tabs.push(tab);
    await connected(tab);
    tabsOf.set(member, [...(tabsOf.get(member) ?? []), tab]);
    return tab;
  };
  const tab = (member: Member) => tabsOf.get(member)![0]!;
  const signalsAt = (member: Member) =>
    tabsOf.get(member)!.map((t) => (heard.get(t)!.get('circle:signal') ?? []) as Signal[]);
  const signal = (from: Member, to: Member, fields: Record<string, unknown> = {}) =>
    ask(tab(from), 'circle:signal', {
      circle_id: circle.id,
      to_user_id: to.me.id,
      from_peer: peer(from.me.id.slice(-8)),
      kind: 'request-offer',
      ...fields,
    });

  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    [host, guest, otherGuest, stranger] = [
      await signedInMember(server),
      await signedInMember(server),
      await signedInMember(server),
      await signedInMember(server),
    ];
    circle = await makeCircle(host.client);
    for (const member of [guest, otherGuest]) await letIn(host, member, circle.id);
    await goLive(host.client, circle.id);
    await openTab(host);
    await openTab(host);
    for (const member of [guest, otherGuest, stranger]) await openTab(member);
  });
  beforeEach(() => {
    heard = new Map(tabs.map((t) => [t, recordEvents(t)]));
  });
  afterAll(async () => {
    for (const t of tabs) t.close();
    await server.close();
  });

  it("relays a guest's offer request to every tab of the host and to nobody else", async () => {
    const arrived = nextEvent<Signal>(tab(host), 'circle:signal');
    const answer = await signal(guest, host, { from_peer: peer('guest') });
    expect(answer).toEqual({ ok: true, data: { delivered: true } });
    expect(await arrived).toEqual({
      circle_id: circle.id,
      from_peer: peer('guest'),
      kind: 'request-offer',
      from_user_id: guest.me.id,
      preview_until: null,
    });
    await settle();
    expect(signalsAt(host).map((signals) => signals.length)).toEqual([1, 1]);
    for (const other of [guest, otherGuest, stranger]) expect(signalsAt(other)).toEqual([[]]);
  });

  it("relays the host's offer to the guest it names, and the guest's answer and candidates back", async () => {
    const offered = nextEvent<Signal>(tab(guest), 'circle:signal');
    const offer = await signal(host, guest, {
      kind: 'offer',
      sdp: SDP,
      to_peer: peer('guest'),
      from_peer: peer('host'),
    });
    expect(offer).toMatchObject({ ok: true });
    expect(await offered).toEqual({
      circle_id: circle.id,
      to_peer: peer('guest'),
      from_peer: peer('host'),
      kind: 'offer',
      sdp: SDP,
      from_user_id: host.me.id,
      preview_until: null,
    });

    const answered = nextEvent<Signal>(tab(host), 'circle:signal', (s) => s.kind === 'answer');
    expect(await signal(guest, host, { kind: 'answer', sdp: SDP, to_peer: peer('host') })).toMatchObject({
      ok: true,
    });
    expect((await answered).sdp).toBe(SDP);
    const candidate = {
      candidate: 'candidate:1 1 udp 2122260223 192.168.1.2 54400 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    const iced = nextEvent<Signal>(tab(host), 'circle:signal', (s) => s.kind === 'ice');
    expect(await signal(guest, host, { kind: 'ice', candidate })).toMatchObject({ ok: true });
    expect((await iced).candidate).toEqual(candidate);
    // The end of candidates is a null candidate.
    expect(await signal(guest, host, { kind: 'ice', candidate: null })).toMatchObject({ ok: true });

    await settle();
    expect(signalsAt(guest)).toEqual([[expect.objectContaining({ kind: 'offer' })]]);
    expect(signalsAt(otherGuest)).toEqual([[]]);
    expect(signalsAt(stranger)).toEqual([[]]);
  });

  it('refuses signals that break who speaks to whom, and relays none of them', async () => {
    const cases: Array<[string, Member, Member, Record<string, unknown>, string, string]> = [
      ['a stranger to the host', stranger, host, {}, 'circle_not_member', CIRCLE_TEXTS.notMember],
      [
        'a guest to another guest',
        guest,
        otherGuest,
        {},
        'signal_guest_to_host',
        'Guests only speak to the host.',
      ],
      [
        'an offer from a guest',
        guest,
        host,
        { kind: 'offer', sdp: SDP },
        'circle_host_only',
        CIRCLE_TEXTS.hostOnly,
      ],
      [
        'the host to a stranger',
        host,
        stranger,
        { kind: 'offer', sdp: SDP },
        'signal_not_in_circle',
        'That member is not in this circle.',
      ],
      [
        'an offer without sdp',
        host,
        guest,
        { kind: 'offer' },
        'signal_sdp_missing',
        'An offer or answer needs its sdp.',
      ],
      [
        'an answer without sdp',
        guest,
        host,
        { kind: 'answer' },
        'signal_sdp_missing',
        'An offer or answer needs its sdp.',
      ],
      ['the host to itself', host, host, {}, 'signal_self', 'Address another peer.'],
      ['an unknown circle', guest, host, { circle_id: uuidv7() }, 'circle_not_found', CIRCLE_TEXTS.notFound],
    ];
    for (const [label, from, to, fields, code, message] of cases) {
      expect(await signal(from, to, fields), label).toEqual({ ok: false, error: { code, message } });
    }
    await settle();
    for (const member of [host, guest, otherGuest, stranger]) {
      for (const signals of signalsAt(member)) expect(signals).toEqual([]);
    }
  });

  it('answers malformed signals with the code of the check they fail', async () => {
    const valid = {
      circle_id: circle.id,
      to_user_id: host.me.id,
      from_peer: peer('guest'),
      kind: 'request-offer',
    };
    const { from_peer: _, ...noPeer } = valid;
    const cases: Array<[string, unknown, string, string?]> = [
      ['no from_peer', noPeer, 'signal_peer_not_text', 'peer must be text.'],
      ['a short peer', { ...valid, from_peer: 'abc' }, 'signal_peer_invalid', 'That is not a peer id.'],
      [
        'a huge sdp',
        { ...valid, kind: 'offer', sdp: 'a'.repeat(64_001) },
        'signal_sdp_too_long',
        'That session description is too long.',
      ],
      [
        'an unknown kind',
        { ...valid, kind: 'bye' },
        'signal_kind_invalid',
        'kind must be request-offer, offer, answer or ice.',
      ],
      [
        'a circle id that is a path',
        { ...valid, circle_id: '../../etc' },
        'circle_not_found',
        CIRCLE_TEXTS.notFound,
      ],
      [
        'a member id with NUL',
        { ...valid, to_user_id: 'a\u0000b' },
        'signal_member_invalid',
        'That is not a member.',
      ],
      [
        'a candidate that is text',
        { ...valid, kind: 'ice', candidate: 'candidate:1' },
        'signal_candidate_invalid',
      ],
      ['a field of our own', { ...valid, from_user_id: host.me.id }, 'unknown_field'],
      ['text', 'request-offer', 'event_not_object'],
      ['null', null, 'event_not_object'],
    ];
    for (const [label, payload, code, message] of cases) {
      const answer = await ask(tab(guest), 'circle:signal', payload);
      expect(answer, label).toMatchObject({ ok: false, error: { code, ...(message ? { message } : {}) } });
    }
    await settle();
    for (const signals of signalsAt(host)) expect(signals).toEqual([]);
    expect(tab(guest).connected).toBe(true);
  });

  it('lets a previewing stranger and the host signal each other until the preview is over', async () => {
    const started = await stranger.client.post(`/api/circles/${circle.id}/preview`);
    expect(started.status).toBe(200);
    const until = started.body.preview.until as string;

    const arrived = nextEvent<Signal>(tab(host), 'circle:signal');
    expect(await signal(stranger, host, { from_peer: peer('viewer') })).toMatchObject({ ok: true });
    // The host's page cuts the connection when the preview ends.
    expect(await arrived).toMatchObject({ from_user_id: stranger.me.id, preview_until: until });
    expect(Date.parse(until) - Date.now()).toBeLessThanOrEqual(CIRCLE_LIMITS.previewMs);
    const offered = nextEvent<Signal>(tab(stranger), 'circle:signal');
    expect(await signal(host, stranger, { kind: 'offer', sdp: SDP, to_peer: peer('viewer') })).toMatchObject({
      ok: true,
    });
    expect(await offered).toMatchObject({ kind: 'offer', from_user_id: host.me.id });
    // A previewer still only speaks to the host.
    expect(await signal(stranger, guest)).toMatchObject({
      ok: false,
      error: { code: 'signal_guest_to_host' },
    });

    await agePreview(server, circle.id, stranger.me.id, CIRCLE_LIMITS.previewMs / 1000 + 1);
    expect(await signal(stranger, host)).toEqual({
      ok: false,
      error: { code: 'circle_not_member', message: CIRCLE_TEXTS.notMember },
    });
    expect(await signal(host, stranger, { kind: 'ice', candidate: null })).toMatchObject({
      ok: false,
      error: { code: 'signal_not_in_circle', message: 'That member is not in this circle.' },
    });
    await settle();
    expect(signalsAt(host).map((signals) => signals.length)).toEqual([1, 1]);
    expect(signalsAt(stranger)[0]).toHaveLength(1);
  });

  it('stops a socket that floods signals, and no other', async () => {
    // A further tab of a guest's, left out of what the other tests look at.
    const flooder = connectSocket(server, otherGuest.client);
    tabs.push(flooder);
    await connected(flooder);
    const answers = [];
    for (let i = 0; i < SIGNAL_BUDGET.max + 1; i += 1) {
      answers.push(
        await ask(flooder, 'circle:signal', {
          circle_id: circle.id,
          to_user_id: guest.me.id,
          from_peer: peer('flood'),
          kind: 'ice',
        }),
      );
    }
    expect(
      answers.slice(0, SIGNAL_BUDGET.max).every((a) => !a.ok && a.error.code === 'signal_guest_to_host'),
    ).toBe(true);
    expect(answers.at(-1)).toMatchObject({ ok: false, error: { code: 'too_many_signals' } });
    // The member's other tab, and everyone else, still signal.
    expect(await signal(otherGuest, host)).toMatchObject({ ok: true });
    flooder.close();
  });

  it('refuses every signal once the circle has ended', async () => {
    await host.client.post(`/api/circles/${circle.id}/end`);
    expect(await signal(guest, host)).toEqual({
      ok: false,
      error: { code: 'circle_ended', message: CIRCLE_TEXTS.hasEnded },
    });
    expect(await signal(host, guest, { kind: 'offer', sdp: SDP })).toMatchObject({
      ok: false,
      error: { code: 'circle_ended' },
    });
    await settle();
    for (const member of [host, guest]) for (const signals of signalsAt(member)) expect(signals).toEqual([]);
  });
});
