import { createHmac } from 'node:crypto';
import type { IceServer } from '@common/schemas/circles.ts';
import type { Config } from '@server/config.ts';

const isStun = (server: IceServer) => [server.urls].flat().every((url) => /^stuns?:/.test(url));

/**
 * The ICE servers a member's browser gets for a circle. With TURN_SECRET, the TURN entry is minted for
 * this member the way coturn's use-auth-secret expects (the TURN REST API): username
 * `<expiry, unix seconds>:<user id>`, credential base64(HMAC-SHA1(secret, username)); coturn checks
 * the HMAC and refuses it after the expiry, so a leaked one is one member's, for a while. ICE_SERVERS
 * then gives only the STUN entries (a static TURN password there would be everybody's again).
 * The expiry moves in steps of a quarter of the TTL, so a page fetched again meanwhile gets the very
 * same entries and the room's peer connections are not rebuilt for a new password; at least three
 * quarters of the TTL are always left.
 */
export function iceServersFor(
  config: Pick<Config, 'iceServers' | 'turn'>,
  userId: string,
  now = Date.now(),
): IceServer[] {
  const { turn } = config;
  if (!turn) return config.iceServers;
  const step = Math.max(1, Math.floor(turn.ttlSeconds / 4));
  const expiry = Math.floor(now / 1000 / step) * step + turn.ttlSeconds;
  const username = `${expiry}:${userId}`;
  const credential = createHmac('sha1', turn.secret).update(username).digest('base64');
  return [...config.iceServers.filter(isStun), { urls: turn.urls, username, credential }];
}
