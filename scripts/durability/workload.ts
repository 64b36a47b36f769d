import { randomInt } from 'node:crypto';
import type { AppHttp } from './http.ts';
import { type Ledger, type Member, pairKey, type Toggle } from './ledger.ts';

/**
 * Concurrent writes over HTTP, as members' browsers would send them, until `stop`: posts, comments,
 * likes and unlikes, follows and unfollows, views, shares, messages (with client_ids, and the sends that
 * got no answer sent again first, as the web client retries) and conversation reads. Every answer is
 * written to the ledger; what got no answer is only "attempted".
 */
export interface Writes {
  /** Requests sent and not yet answered. */
  inFlight(): number;
  /** Resolves once this many requests were acknowledged since the start. */
  acknowledged(count: number): Promise<void>;
  /** No new requests from now on; those in flight fail once the app is killed. */
  stop(): void;
  /** Every worker has ended. */
  done: Promise<void>;
}

/** The app's answer, or status 0 when none came (the kill cut the request). */
type Outcome = { status: number; body: unknown };

const pick = <T>(list: readonly T[]): T | undefined =>
  list.length ? list[randomInt(list.length)] : undefined;
const otherThan = (members: Member[], member: Member) => pick(members.filter((m) => m.id !== member.id))!;

export function startWrites(http: AppHttp, ledger: Ledger, tag: string, workers = 6): Writes {
  let stopped = false;
  let inFlight = 0;
  let sequence = 0;
  let acked = 0;
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  const acknowledge = () => {
    acked += 1;
    ledger.stats.acked += 1;
    for (const waiter of waiting.filter((w) => w.count <= acked)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
  };

  async function send(member: Member, method: string, url: string, body?: unknown): Promise<Outcome> {
    inFlight += 1;
    try {
      const answer = await http.request(method, url, { cookie: member.cookie, body });
      if (answer.status === 429) ledger.stats.rateLimited += 1;
      else if (answer.status >= 200 && answer.status < 300) acknowledge();
      else ledger.errors.push(`${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer;
    } catch (error) {
      // Only the kill may cut a request: the app answers everything while it runs.
      if (!stopped) ledger.errors.push(`${method} ${url} got no answer while the app ran: ${String(error)}`);
      ledger.stats.noAnswer += 1;
      return { status: 0, body: null };
    } finally {
      inFlight -= 1;
    }
  }
  const ok = (outcome: Outcome) => outcome.status >= 200 && outcome.status < 300;

  /** A like or follow request on a pair no other request is touching; the answer says where it stands. */
  async function flip(
    toggle: Toggle,
    request: (on: boolean) => Promise<Outcome>,
    stateOf: (body: Record<string, unknown>) => boolean,
  ) {
    if (toggle.busy) return;
    toggle.busy = true;
    const on = toggle.state === 'unknown' ? randomInt(2) === 1 : !toggle.state;
    const outcome = await request(on);
    if (ok(outcome)) toggle.state = stateOf(outcome.body as Record<string, unknown>);
    // A 429 changed nothing; a 5xx or a lost answer may have.
    else if (outcome.status !== 429) toggle.state = 'unknown';
    toggle.busy = false;
  }

  async function sendMessage(member: Member, clientId: string, receiver: string) {
    const outcome = await send(member, 'POST', `/api/conversations/with/${receiver}/messages`, {
      content: `message ${clientId}`,
      client_id: clientId,
    });
    const record = ledger.messages.get(clientId)!;
    if (!ok(outcome)) {
      ledger.unsent.push(clientId);
      return;
    }
    const id = (outcome.body as { id: string }).id;
    if (record.id !== null && record.id !== id) {
      ledger.errors.push(`client_id ${clientId} answered with ${id}, earlier with ${record.id}`);
    }
    record.id = id;
    record.answers += 1;
    if (outcome.status === 200) ledger.stats.resentAlreadyStored += 1;
  }

  const operations: Array<[weight: number, run: (member: Member) => Promise<void>]> = [
    [
      3,
      async (member) => {
        sequence += 1;
        const content = `durability ${tag} #${sequence}`;
        const outcome = await send(member, 'POST', '/api/posts', { content });
        if (ok(outcome))
          ledger.posts.set((outcome.body as { id: string }).id, { author: member.id, content });
        else ledger.attemptedPosts.set(content, member.id);
      },
    ],
    [
      2,
      async (member) => {
        const postId = pick([...ledger.posts.keys()]);
        if (!postId) return;
        const outcome = await send(member, 'POST', `/api/posts/${postId}/comments`, {
          content: `comment ${tag}`,
        });
        if (ok(outcome))
          ledger.comments.set((outcome.body as { id: string }).id, { postId, author: member.id });
      },
    ],
    [
      3,
      async (member) => {
        const postId = pick([...ledger.posts.keys()]);
        if (!postId) return;
        await flip(
          ledger.toggle(ledger.likes, pairKey(postId, member.id)),
          (on) => send(member, on ? 'PUT' : 'DELETE', `/api/posts/${postId}/like`),
          (body) => body.liked_by_me === true,
        );
      },
    ],
    [
      2,
      async (member) => {
        const other = otherThan(ledger.members, member);
        await flip(
          ledger.toggle(ledger.follows, pairKey(member.id, other.id)),
          (on) => send(member, on ? 'PUT' : 'DELETE', `/api/follows/${other.id}`),
          (body) => body.i_follow === true,
        );
      },
    ],
    [
      1,
      async (member) => {
        const postId = pick([...ledger.posts.keys()]);
        if (!postId) return;
        const outcome = await send(member, 'POST', `/api/posts/${postId}/views`);
        if (ok(outcome)) ledger.views.add(pairKey(postId, member.id));
      },
    ],
    [
      1,
      async (member) => {
        const postId = pick([...ledger.posts.keys()]);
        if (!postId) return;
        const share = ledger.share(postId);
        share.attempted += 1;
        const outcome = await send(member, 'POST', `/api/posts/${postId}/shares`);
        if (ok(outcome)) share.acked += 1;
      },
    ],
    [
      4,
      async (member) => {
        // A send that got no answer goes again first, with its client_id, from its own sender.
        const retry = ledger.unsent.shift();
        if (retry) {
          const record = ledger.messages.get(retry)!;
          ledger.stats.resent += 1;
          const sender = ledger.members.find((m) => m.id === record.sender)!;
          return sendMessage(sender, retry, record.receiver);
        }
        sequence += 1;
        const clientId = `durability-${tag}-${sequence}`;
        const receiver = otherThan(ledger.members, member).id;
        ledger.messages.set(clientId, { sender: member.id, receiver, id: null, answers: 0 });
        await sendMessage(member, clientId, receiver);
      },
    ],
    [
      1,
      async (member) => {
        const other = otherThan(ledger.members, member);
        await send(member, 'POST', `/api/conversations/with/${other.id}/read`, {});
      },
    ],
  ];
  const totalWeight = operations.reduce((sum, [weight]) => sum + weight, 0);
  const chooseOperation = () => {
    let roll = randomInt(totalWeight);
    for (const [weight, run] of operations) {
      if (roll < weight) return run;
      roll -= weight;
    }
    throw new Error('unreachable');
  };

  const worker = async () => {
    while (!stopped) await chooseOperation()(pick(ledger.members)!);
  };
  const done = Promise.all(Array.from({ length: workers }, worker)).then(() => undefined);
  return {
    inFlight: () => inFlight,
    acknowledged: (count) =>
      count <= acked ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve })),
    stop: () => {
      stopped = true;
    },
    done,
  };
}
