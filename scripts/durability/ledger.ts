/** A signed-in member of the run: their id and the cookie header their browser would send. */
export interface Member {
  id: string;
  cookie: string;
}

/**
 * Where a toggled relation (a like, a follow) must be: present, absent, or unknown while its last
 * request got no answer (it may or may not have committed). Requests on one pair never overlap, so
 * the last answered request decides.
 */
export interface Toggle {
  state: boolean | 'unknown';
  busy: boolean;
}

export interface SentMessage {
  sender: string;
  receiver: string;
  /** The stored id from a 2xx answer; null while no answer has come. */
  id: string | null;
  /** Answers seen for this client_id (retries after a lost answer are sent with the same one). */
  answers: number;
}

/** Everything the client side of the run knows: what was acknowledged and what was only attempted. */
export class Ledger {
  members: Member[] = [];
  /** Acknowledged posts by id; `attemptedPosts` holds the content of those that got no answer. */
  posts = new Map<string, { author: string; content: string }>();
  attemptedPosts = new Map<string, string>();
  comments = new Map<string, { postId: string; author: string }>();
  likes = new Map<string, Toggle>();
  follows = new Map<string, Toggle>();
  /** `${postId} ${memberId}` of acknowledged views. */
  views = new Set<string>();
  shares = new Map<string, { acked: number; attempted: number }>();
  /** By client_id. */
  messages = new Map<string, SentMessage>();
  /** client_ids whose send got no answer: sent again (same client_id) in the next cycle. */
  unsent: string[] = [];
  stats = { acked: 0, noAnswer: 0, rateLimited: 0, resent: 0, resentAlreadyStored: 0 };
  /** Anything the app must never do: a 5xx, an unexpected refusal, no answer while it was running. */
  errors: string[] = [];

  toggle(map: Map<string, Toggle>, key: string): Toggle {
    let toggle = map.get(key);
    if (!toggle) {
      toggle = { state: false, busy: false };
      map.set(key, toggle);
    }
    return toggle;
  }

  share(postId: string) {
    let share = this.shares.get(postId);
    if (!share) {
      share = { acked: 0, attempted: 0 };
      this.shares.set(postId, share);
    }
    return share;
  }
}

export const pairKey = (a: string, b: string) => `${a} ${b}`;
