import type { DatabaseInspector } from './database.ts';
import { type Ledger, pairKey } from './ledger.ts';

const QUERIES = {
  posts: 'select id, user_id, content, like_count, comment_count, share_count, view_count from posts',
  likes: 'select post_id, user_id from likes',
  comments: 'select id, post_id, user_id from comments',
  views: 'select post_id, viewer_id from post_views',
  follows: 'select follower_id, following_id from follows',
  friendships: 'select user_id, friend_id, status from friendships',
  notifications: 'select user_id, from_user_id, type, post_id, is_read from notifications',
  messages:
    'select id, conversation_id, sender_id, receiver_id, client_id, is_read, created_at from messages',
  conversations: 'select id, user_a, user_b, a_unread, b_unread, last_message_id from conversations',
};
// biome-ignore lint/suspicious/noExplicitAny: rows of nine tables, each read field by field below
type Row = Record<string, any>;
type Snapshot = Record<keyof typeof QUERIES, Row[]>;

/** What the database holds beyond the acknowledged writes: committed before the kill, never answered. */
export interface Findings {
  problems: string[];
  /** Posts and messages whose request got no answer but which are stored (the kill came after the commit). */
  committedUnanswered: number;
  /** Conversations whose newest message is not the one the row points at (see the report). */
  staleLastMessage: number;
  rows: number;
}

const count = <T>(items: T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};
const read = (value: unknown) => value === true || value === 1;
/** SQLite answers ISO text, pg (without the app's type parsers) a Date. */
const instant = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));
const newer = (a: Row, b: Row) =>
  instant(a.created_at) > instant(b.created_at) ||
  (instant(a.created_at) === instant(b.created_at) && a.id > b.id);

/** Every acknowledged write is there, nothing is there that nobody sent, and every counter agrees with its rows. */
export async function verify(inspector: DatabaseInspector, ledger: Ledger): Promise<Findings> {
  const db = (await inspector.snapshot(QUERIES)) as Snapshot;
  const problems: string[] = [];
  const findings: Findings = { problems, committedUnanswered: 0, staleLastMessage: 0, rows: 0 };
  for (const rows of Object.values(db)) findings.rows += rows.length;
  const problem = (text: string) => problems.length < 50 && problems.push(text);

  // Acknowledged writes.
  const posts = new Map(db.posts.map((p) => [p.id as string, p]));
  for (const [id, post] of ledger.posts) {
    const row = posts.get(id);
    if (!row) problem(`acknowledged post ${id} is missing`);
    else if (row.user_id !== post.author || row.content !== post.content) problem(`post ${id} changed`);
  }
  const acknowledged = new Set([...ledger.posts.values()].map((p) => p.content));
  for (const row of db.posts) {
    if (acknowledged.has(row.content)) continue;
    if (ledger.attemptedPosts.get(row.content) === row.user_id) findings.committedUnanswered += 1;
    else problem(`post ${row.id} ("${row.content}") was never sent`);
  }
  const comments = new Map(db.comments.map((c) => [c.id as string, c]));
  for (const [id, comment] of ledger.comments) {
    const row = comments.get(id);
    if (!row || row.post_id !== comment.postId || row.user_id !== comment.author) {
      problem(`acknowledged comment ${id} is missing`);
    }
  }
  const likes = new Set(db.likes.map((l) => pairKey(l.post_id, l.user_id)));
  for (const [key, toggle] of ledger.likes) {
    if (toggle.state !== 'unknown' && toggle.state !== likes.has(key)) {
      problem(`like ${key}: acknowledged ${toggle.state ? 'liked' : 'unliked'}, stored the other way`);
    }
  }
  const follows = new Set(db.follows.map((f) => pairKey(f.follower_id, f.following_id)));
  for (const [key, toggle] of ledger.follows) {
    if (toggle.state !== 'unknown' && toggle.state !== follows.has(key)) {
      problem(
        `follow ${key}: acknowledged ${toggle.state ? 'followed' : 'unfollowed'}, stored the other way`,
      );
    }
  }
  const views = new Set(db.views.map((v) => pairKey(v.post_id, v.viewer_id)));
  for (const key of ledger.views) if (!views.has(key)) problem(`acknowledged view ${key} is missing`);
  for (const [id, share] of ledger.shares) {
    const stored = Number(posts.get(id)?.share_count ?? 0);
    if (stored < share.acked || stored > share.attempted) {
      problem(`post ${id} has ${stored} shares; ${share.acked} acknowledged, ${share.attempted} sent`);
    }
  }
  const byClientId = count(db.messages, (m) => pairKey(m.sender_id, m.client_id));
  const messages = new Map(db.messages.map((m) => [m.id as string, m]));
  for (const [clientId, sent] of ledger.messages) {
    const stored = byClientId.get(pairKey(sent.sender, clientId)) ?? 0;
    if (stored > 1) problem(`client_id ${clientId} is stored ${stored} times`);
    if (sent.id === null) {
      findings.committedUnanswered += stored;
      continue;
    }
    const row = messages.get(sent.id);
    if (
      !row ||
      row.client_id !== clientId ||
      row.sender_id !== sent.sender ||
      row.receiver_id !== sent.receiver
    ) {
      problem(`acknowledged message ${sent.id} (client_id ${clientId}) is missing`);
    }
  }
  for (const row of db.messages) {
    if (!ledger.messages.has(row.client_id)) problem(`message ${row.id} was never sent`);
  }

  // Counters and the rows they count, written in one transaction each.
  const likeCount = count(db.likes, (l) => l.post_id);
  const commentCount = count(db.comments, (c) => c.post_id);
  const viewCount = count(db.views, (v) => v.post_id);
  for (const post of db.posts) {
    for (const [column, counted] of [
      ['like_count', likeCount],
      ['comment_count', commentCount],
      ['view_count', viewCount],
    ] as const) {
      const rows = counted.get(post.id) ?? 0;
      if (Number(post[column]) !== rows) problem(`post ${post.id}: ${column} ${post[column]}, ${rows} rows`);
    }
  }
  checkNotifications(db, problem);
  findings.staleLastMessage = checkConversations(db, problem);
  return findings;
}

/** Each notification was written with what it tells of, and withdrawn with it. */
function checkNotifications(db: Snapshot, problem: (text: string) => void) {
  const authors = new Map(db.posts.map((p) => [p.id as string, p.user_id as string]));
  const notes = (type: string) => db.notifications.filter((n) => n.type === type);
  const likeNotes = count(notes('like'), (n) => pairKey(n.post_id, n.from_user_id));
  const likes = new Set(db.likes.map((l) => pairKey(l.post_id, l.user_id)));
  for (const key of new Set([...likes, ...likeNotes.keys()])) {
    const [postId, from] = key.split(' ') as [string, string];
    const expected = likes.has(key) && authors.get(postId) !== from ? 1 : 0;
    if ((likeNotes.get(key) ?? 0) !== expected)
      problem(`like ${key}: ${likeNotes.get(key) ?? 0} notifications`);
  }
  const commentNotes = count(notes('comment'), (n) => pairKey(n.post_id, n.from_user_id));
  const comments = count(db.comments, (c) => pairKey(c.post_id, c.user_id));
  for (const key of new Set([...comments.keys(), ...commentNotes.keys()])) {
    const [postId, from] = key.split(' ') as [string, string];
    const expected = authors.get(postId) === from ? 0 : (comments.get(key) ?? 0);
    if ((commentNotes.get(key) ?? 0) !== expected) {
      problem(
        `comments ${key}: ${comments.get(key) ?? 0} comments, ${commentNotes.get(key) ?? 0} notifications`,
      );
    }
  }
  // A follow is a follow, a pending friendship and its notification, or none of the three.
  const pending = new Set(
    db.friendships.filter((f) => f.status === 'pending').map((f) => pairKey(f.user_id, f.friend_id)),
  );
  const requests = count(notes('friend_request'), (n) => pairKey(n.from_user_id, n.user_id));
  const follows = new Set(db.follows.map((f) => pairKey(f.follower_id, f.following_id)));
  for (const key of new Set([...follows, ...pending, ...requests.keys()])) {
    const parts = [follows.has(key), pending.has(key), (requests.get(key) ?? 0) === 1];
    if (new Set(parts).size > 1 || (requests.get(key) ?? 0) > 1) {
      problem(
        `follow ${key}: follow ${parts[0]}, pending friendship ${parts[1]}, ${requests.get(key) ?? 0} requests`,
      );
    }
  }
  // At most one unread message notification per sender, and only while something from them is unread
  // (a message request tells the receiver nothing, so unread messages need not have one).
  const unreadNotes = count(
    notes('message').filter((n) => !read(n.is_read)),
    (n) => pairKey(n.from_user_id, n.user_id),
  );
  const unread = new Set(
    db.messages.filter((m) => !read(m.is_read)).map((m) => pairKey(m.sender_id, m.receiver_id)),
  );
  for (const [key, n] of unreadNotes) {
    if (n > 1 || !unread.has(key))
      problem(`messages ${key}: unread ${unread.has(key)}, ${n} unread notifications`);
  }
}

/** Unread counts match the unread rows; returns how many rows point at a message that is not the newest. */
function checkConversations(db: Snapshot, problem: (text: string) => void): number {
  const byConversation = new Map<string, Row[]>();
  for (const m of db.messages) {
    const list = byConversation.get(m.conversation_id);
    if (list) list.push(m);
    else byConversation.set(m.conversation_id, [m]);
  }
  let stale = 0;
  for (const c of db.conversations) {
    const messages = byConversation.get(c.id) ?? [];
    for (const m of messages) {
      const [a, b] = [m.sender_id, m.receiver_id].sort();
      if (a !== c.user_a || b !== c.user_b)
        problem(`message ${m.id} is in the conversation of ${c.user_a} and ${c.user_b}`);
    }
    for (const [side, column] of [
      [c.user_a, 'a_unread'],
      [c.user_b, 'b_unread'],
    ] as const) {
      const rows = messages.filter((m) => m.receiver_id === side && !read(m.is_read)).length;
      if (Number(c[column]) !== rows)
        problem(`conversation ${c.id}: ${column} ${c[column]}, ${rows} unread rows`);
    }
    if (!messages.some((m) => m.id === c.last_message_id))
      problem(`conversation ${c.id}: last message is missing`);
    const newest = messages.reduce<Row | undefined>(
      (best, m) => (!best || newer(m, best) ? m : best),
      undefined,
    );
    if (newest && newest.id !== c.last_message_id) stale += 1;
  }
  return stale;
}
