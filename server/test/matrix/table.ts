import type { Fixtures } from './fixtures.ts';

// The authorization matrix's vocabulary: who asks (viewers), what each row asks, and what each viewer
// should get. Modelled on Misskey's test/e2e/api-visibility.ts: one table, every viewer against
// every case, so a missing or wrong rule shows up as one cell.

/**
 * Every kind of viewer, as one client each. Every one but the visitor also holds an app's token of
 * every broad scope (fixtures: Member.token), which the Mastodon client API's rows send instead of
 * the cookie (see `credential`).
 * - visitor: no cookie and no token at all.
 * - member: a signed-in member with no tie to the owner.
 * - owner: the member the fixtures belong to (their post, comment, wall, conversation, circles,
 *   uploads, notifications).
 * - other: a member tied to the owner wherever a tie matters: the owner's friend (accepted both
 *   ways; other follows owner), the other side of the owner's conversation, the author of the post
 *   waiting on the owner's wall, the commenter who sent the owner a notification, and a guest let
 *   into both of the owner's circles. Never the owner of a fixture.
 * - blocked: a member the owner blocked (PUT /api/blocks/:userId), so hidden both ways.
 * - suspended: a member an admin suspended (POST /api/admin/members/:id/suspend), whose session
 *   cookie (and app token) from before must now count for nothing.
 * - admin: an unrelated member with the admin role (a user_roles row).
 */
export const VIEWERS = ['visitor', 'member', 'owner', 'other', 'blocked', 'suspended', 'admin'] as const;
export type ViewerKind = (typeof VIEWERS)[number];

/**
 * A cell: the status the viewer should get, or a known bug: the status it should get, the status
 * the app answers today and where to fix it. A known bug fails the run as soon as the answer
 * changes, so the row is corrected when the bug is fixed (or when it gets worse).
 */
export type Cell = number | { should: number; now: number; bug: string };
export type Expectation = Record<ViewerKind, Cell>;

export const bug = (should: number, now: number, where: string): Cell => ({ should, now, bug: where });

/** The status a viewer is checked against today, and the bug note when it is a known bug. */
export function expected(cell: Cell): { status: number; bug?: string } {
  return typeof cell === 'number' ? { status: cell } : { status: cell.now, bug: cell.bug };
}

/** Anyone at all, with or without a cookie or a token (public routes). */
export const everyone = (status: number): Expectation =>
  Object.fromEntries(VIEWERS.map((viewer) => [viewer, status])) as Expectation;

/**
 * Signed-in members only: visitors and suspended members get 401 (a suspended member's cookie is
 * like no cookie), the others `status` unless overridden.
 */
export const members = (status: number, overrides: Partial<Expectation> = {}): Expectation => ({
  ...everyone(status),
  visitor: 401,
  suspended: 401,
  ...overrides,
});

/** Admin routes: 401 without a session, 403 for every member without the admin role. */
export const admins = (status: number): Expectation => members(403, { admin: status });

/** What the runner hands a row's functions for one viewer's request. */
export interface RowContext {
  f: Fixtures;
  viewer: ViewerKind;
  /** What the row's `prepare` made for this viewer's request (fresh ids). */
  fresh: Record<string, string>;
}

export interface HttpRow {
  /** `METHOD /url` exactly as Fastify registered it: the key of the completeness check. */
  route: string;
  /** Tells apart several rows of one route (the same route against different cases). */
  variant?: string;
  path: (cx: RowContext) => string;
  body?: (cx: RowContext) => unknown;
  /**
   * Sent as multipart/form-data with a photo in its `file` field, as the web client uploads; the
   * fields of `body` (strings), if any, go beside it (a Mastodon app's `description`).
   */
  upload?: true;
  /**
   * What the viewer proves who they are with. By default a route of the Mastodon client API's face
   * (mastodonFace: /api/v1/, /api/v2/, /oauth/) gets the viewer's app token as `Authorization:
   * Bearer`, with no cookie and no Origin (as apps send it), and every other route the session
   * cookie. 'cookie' on a Mastodon route checks that the cookie alone counts for nothing there;
   * 'read' sends the viewer's token of the `read` scope alone (Member.readToken); 'app' sends, for
   * every viewer, the app's own token (client_credentials, no member behind it).
   */
  credential?: 'cookie' | 'bearer' | 'read' | 'app';
  /**
   * Makes what the request uses up or changes (a post to delete, a request to accept) before each
   * viewer's request, so every viewer acts on its own copy and no row destroys another's fixture.
   */
  prepare?: (f: Fixtures, viewer: ViewerKind) => Promise<Record<string, string>>;
  /** Restores ties the row changed (a block ends the friendship of whoever blocks). */
  after?: (f: Fixtures) => Promise<void>;
  /** Signs the viewer in again and uses that session, for a request that ends its session. */
  freshSession?: true;
  /**
   * When the row runs: by default first; 'ties' after the realtime rows (it cuts the viewers' ties
   * with the owner: a block also takes a member out of the blocker's circles and drops their pending
   * wall posts); 'last' at the very end (it deletes the viewers' accounts).
   */
  phase?: 'ties' | 'last';
  /**
   * The route is being written by another engineer: the row runs as soon as the server registers
   * it, and until then is reported as pending, not skipped silently.
   */
  pending?: string;
  /** Not a registered route (the web app's not-found handler): left out of the completeness check. */
  notARoute?: true;
  /**
   * What the viewers listed must not find in a 2xx answer (a hidden member's id, or the id of what
   * `prepare` made for the viewer's request), and every other viewer answered with a 2xx must find;
   * `bug` when the listed viewers find it today.
   */
  hides?: { from: ViewerKind[]; what: (f: Fixtures, fresh: Record<string, string>) => string; bug?: string };
  expect: Expectation;
}

/** Whether a route (`METHOD /url`) is of the Mastodon client API's face, which reads tokens only. */
export const mastodonFace = (route: string) => /^\S+ \/(api\/v[12]|oauth)\//.test(route);

/** A route's key as the completeness check compares them: parameter names do not matter. */
export const routeKey = (method: string, url: string) => `${method} ${url.replace(/:[^/]+/g, ':')}`;
export const rowKey = (row: HttpRow) => {
  const [method, url] = row.route.split(' ') as [string, string];
  return routeKey(method, url);
};
export const rowName = (row: HttpRow) => `${row.route}${row.variant ? ` (${row.variant})` : ''}`;
