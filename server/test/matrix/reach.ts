// The reach half of the authorization matrix (issue 49): not who may ask a route, but what the server
// sends a member unasked, channel by channel, once they lost access to a group's things. Every
// actor against every channel; a missing cell fails the type check here and the run in
// server/routes/reachMatrix.test.ts.

/**
 * Who is reached, each about a group G of the owner's that started public, with an event (E) every
 * actor said they were going to, a circle, and an anonymous prayer request by a fellow member A:
 * - member: a member of G throughout, whose 'All posts' setting is on. The control column: it
 *   shows that every channel carries G's things, so no other column passes for want of a message.
 * - removed member: a member of G whom the owner removed.
 * - banned member: a member of G whom the owner banned.
 * - member of a group turned private: a member of the site outside G who went to its event while G
 *   was public, and stayed outside when G turned private.
 * - blocked: a member of G whom the owner blocked (blocks hold inside a group too).
 * - muter of an anonymous author: a member of G who muted A. Their column is about A's anonymous
 *   request alone, and must equal what the plain member gets of it: muting its author changes
 *   nothing, or muting candidates one by one would name them.
 */
export const REACH_ACTORS = [
  'member',
  'removed member',
  'banned member',
  'member of a group turned private',
  'blocked',
  'muter of an anonymous author',
] as const;
export type ReachActor = (typeof REACH_ACTORS)[number];

/**
 * How the server reaches a member unasked, each measured after the loss:
 * - email: the mail the owner's acts send (the event's message and change);
 * - push: web push payloads to the member's subscribed browser;
 * - stored notification: the member's bell (GET /api/notifications), rows from before the loss too;
 * - realtime room: what the member's open tab hears, and whether it may enter the group circle's room;
 * - job recipients: what the reminder and digest jobs send (bell, email or push) when run after it;
 * - data export: the member's own export (GET /api/settings/data), which keeps their own answer and
 *   standing but no word of what they may no longer see.
 */
export const CHANNELS = [
  'email',
  'push',
  'stored notification',
  'realtime room',
  'job recipients',
  'data export',
] as const;
export type Channel = (typeof CHANNELS)[number];

export type Reach = 'reached' | 'nothing';
export type ReachRow = Record<Channel, Reach>;

const all = (reach: Reach): ReachRow =>
  Object.fromEntries(CHANNELS.map((channel) => [channel, reach])) as ReachRow;

export const REACH: Record<ReachActor, ReachRow> = {
  member: all('reached'),
  'removed member': all('nothing'),
  'banned member': all('nothing'),
  'member of a group turned private': all('nothing'),
  blocked: all('nothing'),
  // A group's request never leaves by email or push, nor in a digest (policies/prayer.ts textMayLeave),
  // for anyone; its bell line ('A member'), its live count and its export row reach every member.
  'muter of an anonymous author': {
    email: 'nothing',
    push: 'nothing',
    'stored notification': 'reached',
    'realtime room': 'reached',
    'job recipients': 'nothing',
    'data export': 'reached',
  },
};
