import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from './errors.ts';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** Counts the request against a @fastify/rate-limit limiter; a 429 with a wait time when over it. */
export async function enforceLimit(limiter: Limiter, request: FastifyRequest): Promise<void> {
  const result = await limiter(request);
  if (!result.isAllowed && result.isExceeded) throw tooManyRequests(Math.max(1, result.ttlInSeconds));
}

/**
 * How often one member may do what reaches other members (a notification, a live event, a counter
 * others see). Far above what a person does by hand; a script toggling a follow or flooding a post's
 * comments meets a 429 that says how long to wait.
 */
export const MEMBER_LIMITS = {
  message: { max: 30, timeWindow: 10_000 },
  follow: { max: 30, timeWindow: 60_000 },
  like: { max: 120, timeWindow: 60_000 },
  pray: { max: 120, timeWindow: 60_000 },
  comment: { max: 20, timeWindow: 60_000 },
  post: { max: 30, timeWindow: 60_000 },
  share: { max: 30, timeWindow: 60_000 },
  circle: { max: 10, timeWindow: 60_000 },
  /** Group actions (create, join, approve, invite, roles, bans, pins): each may tell someone. */
  group: { max: 60, timeWindow: 60_000 },
  /** Event actions (create, edit, cancel, answer, message): each may tell attendees. */
  event: { max: 60, timeWindow: 60_000 },
  circleChat: { max: 30, timeWindow: 10_000 },
  /** A Janus circle's stage (a hand raised or lowered, an invitation to speak, leaving the stage): each tells the room. */
  circleStage: { max: 30, timeWindow: 10_000 },
  /** Asking for today's spotlight to be computed: the page does it once when it finds none. */
  spotlightRefresh: { max: 5, timeWindow: 60_000 },
  /** Reports to the moderators: plenty for a person, few enough that a script cannot flood the queue. */
  report: { max: 20, timeWindow: 60_000 },
  /** Turning push on in a browser: a person does it a few times, ever; each one is a stored row. */
  pushSubscribe: { max: 20, timeWindow: 60_000 },
  /** Profile search: the search box asks as the member types, and each ask scans the profiles. */
  profileSearch: { max: 120, timeWindow: 60_000 },
  /** The data export reads every row the member has: a person downloads it now and then. */
  dataExport: { max: 10, timeWindow: 60 * 60_000 },
  /** Places searches, by city, ZIP or point: low enough that a script cannot drain Nominatim. */
  places: { max: 30, timeWindow: 60_000 },
  /** Searches by point, counted again: each new point is a fresh Overpass query (no shared geocode). */
  placesNearPoint: { max: 10, timeWindow: 60_000 },
  /** 'Import from a link': each one makes the server fetch a page from elsewhere. */
  recipeImport: { max: 10, timeWindow: 60_000 },
  /** Bookmarks saved and removed, tags followed and unfollowed: they tell no one, but each is a stored row. */
  ownLists: { max: 120, timeWindow: 60_000 },
  /** 'Change password' (issue 52): a person changes it now and then; a thief guesses the current one. */
  changePassword: { max: 5, timeWindow: 15 * 60_000 },
  /** Turning two-factor sign-in on or off (issue 52): the password or a code is guessed at most this often. */
  twoFactorSetup: { max: 10, timeWindow: 15 * 60_000 },
  /** Adding a passkey (issue 52): the password is asked first, so it is guessed at most this often. */
  passkeySetup: { max: 10, timeWindow: 15 * 60_000 },
  /** Saving recipes and the shopping list's changes (ticking off as one shops). */
  recipe: { max: 120, timeWindow: 60_000 },
} as const;

/**
 * A limit counted per signed-in member (with REDIS_URL, across nodes). Call it after the session is
 * known, with the member's id; one limiter may serve several routes that share a count.
 */
export function memberLimit(app: FastifyInstance, name: keyof typeof MEMBER_LIMITS) {
  const members = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    ...MEMBER_LIMITS[name],
    keyGenerator: (request) => `${name}:${members.get(request) ?? request.ip}`,
  });
  return async (request: FastifyRequest, userId: string): Promise<void> => {
    members.set(request, userId);
    await enforceLimit(limiter, request);
  };
}
