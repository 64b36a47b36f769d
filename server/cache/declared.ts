/**
 * Every value the server keeps between requests, with what it is read from and how long it may serve.
 * The one rule: a value is used only while the numbers of the tables it declares are those it was read
 * at, and never past its age. Triggers on those tables move the numbers (migrations 20261128T0300,
 * 20261129T0000, T1000, 20261201T0000, 20261202T0000, T1930), on any node, for any write: a command, a job, a
 * script or another node's. No application code moves one. cache.test.ts fails when a declared table
 * has no trigger, and writes to each one straight in the database to see another node's value change.
 */

/** Tables whose triggers move rows of table_versions (migrations 20261202T0000, T1930). */
export type SharedTable =
  | 'posts'
  | 'profiles'
  | 'media_objects'
  | 'groups'
  | 'user'
  | 'events'
  | 'event_occurrences'
  | 'event_rsvps';

/**
 * The rows of table_versions the shared values are checked against (migration 20261202T1930): each
 * declared table's triggers move the number of every value that declares it. Two values of the same
 * tables may share one.
 */
export type SharedNumber = 'newest_posts' | 'event_lists' | 'groups_by_slug' | 'sparse_boxes';

/** A value every viewer shares, by key (a feed, a group, a list). */
export interface SharedValue {
  number: SharedNumber;
  tables: readonly SharedTable[];
  /** Past it, the value is read again however quiet the tables are (a view count, time passing). */
  maxAgeMs: number;
  maxKeys: number;
}

/** The numbers kept per member; each names its column. */
export type MemberNumber =
  | 'hidden_versions.version'
  | 'member_versions.groups'
  | 'member_versions.answers'
  | 'member_versions.marks';

/**
 * How a table's row names the members whose number it moves: its own columns, or (a group's privacy)
 * the members of the group, when one of `columns` changes.
 */
export type MemberLink =
  | { members: readonly string[] }
  | { via: { table: string; key: string; member: string }; key: string; columns: readonly string[] };

/** A value kept for one member (what they hide, their groups, answers, marks). */
export interface MemberValue {
  number: MemberNumber;
  tables: Readonly<Record<string, MemberLink>>;
  maxAgeMs: number;
  maxMembers: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * What members share. A post's view count moves no number (a view is counted on every look): the feeds
 * show it at most a second old. Upcoming's lists hold when an occurrence starts and ends, so time
 * alone changes them; the page leaves an ended one to the database.
 */
export const SHARED = {
  /** Each feed's and group page's newest posts, as JSON (queries/newestPage.ts). */
  newestPosts: {
    number: 'newest_posts',
    tables: ['posts', 'profiles', 'media_objects', 'groups', 'user'],
    maxAgeMs: SECOND,
    maxKeys: 1004,
  },
  /** Upcoming's and 'Near me''s lists every member sees (queries/upcomingPage.ts). */
  upcomingLists: {
    number: 'event_lists',
    tables: ['events', 'event_occurrences', 'event_rsvps', 'groups', 'profiles', 'user'],
    maxAgeMs: SECOND,
    maxKeys: 205,
  },
  /** Each private or secret group's next events (queries/upcomingPage.ts). */
  groupEventLists: {
    number: 'event_lists',
    tables: ['events', 'event_occurrences', 'event_rsvps', 'groups', 'profiles', 'user'],
    maxAgeMs: SECOND,
    maxKeys: 2000,
  },
  /** A group by its slug, for its page's first posts (queries/newestPage.ts groupWithViewer). */
  groupsBySlug: { number: 'groups_by_slug', tables: ['groups'], maxAgeMs: 10 * SECOND, maxKeys: 2000 },
  /** Whether few events have a place around a point: how 'Near me' is read (queries/eventsNear.ts). */
  sparseBoxes: { number: 'sparse_boxes', tables: ['events'], maxAgeMs: MINUTE, maxKeys: 10_000 },
} as const satisfies Record<string, SharedValue>;

/** What is kept per member: each changes seldom and is read on every first page. */
export const PER_MEMBER = {
  /** Whom the member's feeds leave out, and the posts they hid (cache/hiddenMembers.ts). */
  hiddenMembers: {
    number: 'hidden_versions.version',
    tables: {
      blocks: { members: ['blocker_id', 'blocked_id'] },
      mutes: { members: ['muter_id', 'muted_id'] },
      hidden_posts: { members: ['user_id'] },
    },
    maxAgeMs: HOUR,
    maxMembers: 50_000,
  },
  /** The member's groups and bans (cache/viewerGroups.ts). */
  viewerGroups: {
    number: 'member_versions.groups',
    tables: {
      group_members: { members: ['user_id'] },
      groups: {
        via: { table: 'group_members', key: 'group_id', member: 'user_id' },
        key: 'id',
        columns: ['privacy'],
      },
    },
    maxAgeMs: HOUR,
    maxMembers: 50_000,
  },
  /** The member's answers to events not yet over (cache/viewerAnswers.ts): read from a day back. */
  viewerAnswers: {
    number: 'member_versions.answers',
    tables: { event_rsvps: { members: ['user_id'] } },
    maxAgeMs: 24 * HOUR,
    maxMembers: 20_000,
  },
  /** Which posts the member liked, prayed for, bookmarked or voted in, as pages ask (cache/viewerMarks.ts). */
  viewerMarks: {
    number: 'member_versions.marks',
    tables: {
      likes: { members: ['user_id'] },
      prayers: { members: ['user_id'] },
      bookmarks: { members: ['user_id'] },
      poll_votes: { members: ['user_id'] },
    },
    maxAgeMs: HOUR,
    maxMembers: 50_000,
  },
} as const satisfies Record<string, MemberValue>;

/**
 * Who a session cookie names (auth/sessions.ts SessionResolver), per token. The one value not checked
 * against a number: a number read on every request would cost what the session's own row does, and the
 * kept viewer serves GET /api/me 1.8–2.0 times as fast as reading it each time (bench/auth-and-health.ts,
 * 2026-12-07: 9,300–10,500 against 5,000–5,300 req/s). It is forgotten when the member's sessions
 * change (sign-out, a password change or reset, a session ended from "Where you're signed in",
 * suspension, deletion), on every node through Redis, which must also drop the member's sockets; while
 * that channel is down no node uses it. Past its age a session ended by any other way is refused.
 */
export const SESSIONS = { maxAgeMs: 10 * SECOND, maxKeys: 50_000 } as const;

/**
 * Who an app's bearer token names, with its scopes (issue 53), kept by server/oauth/appTokens.ts: a
 * Mastodon app sends it with every call, and its row and member cost a quarter of a timeline page. It
 * is forgotten at once when the token is revoked (Settings, Apps; /oauth/revoke), on every node through
 * the app streams' channel, and when the member's sessions change (suspension, deletion) through the
 * sessions' one; past its age a token deleted any other way is refused.
 */
export const APP_TOKENS = { maxAgeMs: 10 * SECOND, maxKeys: 50_000 } as const;

/** Answers of outside services (OpenStreetMap's geocoder and places): no table; they age only. */
export const OUTSIDE = {
  geocodes: { maxAgeMs: 24 * HOUR, maxKeys: 5000 },
  placeLists: { maxAgeMs: 24 * HOUR, maxKeys: 500 },
} as const;
