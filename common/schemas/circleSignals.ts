import { z } from 'zod/mini';
import { rulesOf } from '../errorTemplates.ts';
import { CIRCLE_ERRORS } from './circles.ts';
import { text } from './fields.ts';

/**
 * What the pages of a live circle send through the server to set up its media: the host-to-guest
 * signalling of the mesh (`circle:signal`) and the Janus path's requests (`circle:media`). Their
 * refusals are in CIRCLE_ERRORS (./circles.ts).
 */
const { rule } = rulesOf(CIRCLE_ERRORS);

/**
 * WebRTC signalling through the server (spec section 7: offer, answer, ice, request-offer). Every
 * page picks a random `peer` id so that a member's other tabs ignore what is not theirs. A guest
 * addresses the host; the host addresses one guest.
 */
export const SIGNAL_KINDS = ['request-offer', 'offer', 'answer', 'ice'] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];
const peerId = z
  .string(rule('signal_peer_not_text'))
  .check(z.regex(/^[0-9a-zA-Z-]{8,64}$/, rule('signal_peer_invalid')));
/** A session description (offer, answer) as the browser or Janus made it. */
const sdpSchema = text({
  label: 'The session description',
  max: 64_000,
  multiline: true,
  trim: false,
  tooLong: rule('signal_sdp_too_long'),
});
const signalCircleId = z
  .string(rule('signal_circle_id_not_text'))
  .check(z.regex(/^[0-9a-zA-Z-]{1,64}$/, rule('circle_not_found')));
const signalMemberId = z
  .string(rule('signal_to_user_not_text'))
  .check(z.regex(/^[0-9a-zA-Z-]{1,64}$/, rule('signal_member_invalid')));
/** An ICE candidate as the browser gathered it (RTCIceCandidateInit). */
const iceCandidateSchema = z.strictObject(
  {
    candidate: text({ label: 'The candidate', max: 2_000, trim: false }),
    sdpMid: z.optional(z.nullable(text({ label: 'sdpMid', max: 64, trim: false }))),
    sdpMLineIndex: z.optional(
      z.nullable(
        z
          .number(rule('signal_mline_invalid'))
          .check(
            z.int(rule('signal_mline_invalid')),
            z.gte(0, rule('signal_mline_invalid')),
            z.lte(64, rule('signal_mline_invalid')),
          ),
      ),
    ),
    usernameFragment: z.optional(z.nullable(text({ label: 'usernameFragment', max: 256, trim: false }))),
  },
  rule('signal_candidate_invalid'),
);
export const signalSchema = z.strictObject({
  circle_id: signalCircleId,
  to_user_id: signalMemberId,
  to_peer: z.optional(peerId),
  from_peer: peerId,
  kind: z.enum(SIGNAL_KINDS, rule('signal_kind_invalid')),
  /** Session description (offer, answer) or ICE candidate (ice), as the browser made it. */
  sdp: z.optional(sdpSchema),
  candidate: z.optional(z.nullable(iceCandidateSchema)),
});
export type SignalInput = z.infer<typeof signalSchema>;
/** What the addressed member's tabs receive. */
export type Signal = Omit<SignalInput, 'to_user_id'> & {
  from_user_id: string;
  /** Set on what reaches the host from a member watching a preview: when it must be cut. */
  preview_until?: string | null;
};

/**
 * Media of a circle carried by Janus (issue 29). The browser talks to the app server only: the host
 * (or a guest on stage) 'publish'es an offer and gets Janus's answer; a page asks to 'subscribe' to
 * one publisher's feed and gets Janus's offer, then sends its 'answer'; both send their 'ice'
 * candidates for their 'role'; 'leave' drops the page's handle; 'layer' says how wide the page now
 * shows a feed. The server holds every Janus session, room id, secret and pin.
 */
export const MEDIA_KINDS = ['publish', 'subscribe', 'answer', 'ice', 'leave', 'layer'] as const;
export const mediaSignalSchema = z.strictObject({
  circle_id: signalCircleId,
  kind: z.enum(MEDIA_KINDS, rule('media_kind_invalid')),
  role: z.optional(z.enum(['publisher', 'subscriber'], rule('media_role_invalid'))),
  /** Whose feed a subscription is to (subscribe, answer, a subscriber's ice): the host's when left out. */
  user_id: z.optional(signalMemberId),
  sdp: z.optional(sdpSchema),
  candidate: z.optional(z.nullable(iceCandidateSchema)),
  /**
   * How wide (in device pixels) the page shows the feed (subscribe, layer): the server forwards the
   * simulcast layer that fits, and a lower one while the guest's link is slow.
   */
  width: z.optional(
    z
      .number(rule('media_width_invalid'))
      .check(
        z.int(rule('media_width_invalid')),
        z.gte(0, rule('media_width_invalid')),
        z.lte(10_000, rule('media_width_invalid')),
      ),
  ),
});
export type MediaSignalInput = z.infer<typeof mediaSignalSchema>;
/** The acknowledgement: Janus's answer to a 'publish', its offer for a 'subscribe'. */
export type MediaSignalAck = { sdp?: string };
