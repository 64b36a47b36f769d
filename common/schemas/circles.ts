import { z } from 'zod/mini';
import { defineErrors, rulesOf } from '../errorTemplates.ts';
import { FAITHS } from '../options.ts';
import { fieldRule, personSchema, text } from './fields.ts';

/**
 * FaithVerse circles: constants of spec section 9, texts of spec section 8 and every payload of
 * /api/circles/*. A circle is one-to-many (DESIGN section 6): the host publishes camera, screen or
 * audio; guests watch, listen and chat.
 */
export const CIRCLE_VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export const CIRCLE_MODES = ['live', 'scheduled'] as const;
export const CIRCLE_SOURCES = ['camera', 'screen', 'audio'] as const;
export const CIRCLE_DURATIONS = [15, 30, 45, 60] as const;
export const CIRCLE_STATUSES = ['upcoming', 'live', 'ended'] as const;
export type CircleVisibility = (typeof CIRCLE_VISIBILITIES)[number];
export type CircleSource = (typeof CIRCLE_SOURCES)[number];
export type CircleStatus = (typeof CIRCLE_STATUSES)[number];

export const CIRCLE_LIMITS = {
  titleMax: 100,
  topicMax: 100,
  chatMax: 1000,
  /** Chat history shown when the room opens. */
  chatHistory: 200,
  /** The host's page tells the server it is still there this often. */
  heartbeatMs: 10_000,
  /** A live circle whose host has not been heard from for longer is not listed, then ended. */
  freshnessMs: 45_000,
  redirectAfterEndMs: 3_000,
  /** A guest asks the host for an offer this long after the circle's room is joined. */
  offerRequestDelayMs: 500,
  previewMs: 10_000,
  defaultMaxGuests: 10,
  /** With Janus (JANUS_URL) the server forwards the host's stream: a circle may take up to this many. */
  janusMaxGuests: 500,
  /** Guests invited to speak or speaking at once (Janus circles' stage). */
  stageMax: 4,
  defaultDurationShown: 60,
  stageAvatarPx: 56,
  stageMarginPx: 60,
  /** Live list size: far more than a screen shows; the list is the newest heartbeats. */
  liveListMax: 100,
} as const;

/** Defaults of the Start a Circle form (spec section 9). */
export const CIRCLE_DEFAULTS = {
  visibility: 'public',
  mode: 'live',
  source_type: 'camera',
  duration_min: 30,
  allow_preview: true,
  join_by_blessing: true,
  show_store: true,
  allow_donations: true,
} as const;

export const CIRCLE_TEXTS = {
  listHeading: 'Join circles of faith, connect, and grow together',
  startCircle: 'Start a Circle',
  noActive: 'No active circles',
  homeHeading: 'FaithVerse • Live Circles',
  liveNow: 'Live now',
  nothingLive: 'Nothing live right now.',
  homeColumn: 'Live FaithVerse Circles',
  requestToJoin: 'Request to Join',
  created: 'Circle created!',
  createdDescription: 'Your faith circle is now live',
  notFound: 'Circle not found',
  loadError: 'Error loading circle',
  connecting: 'Connecting to stream...',
  ended: 'Circle ended',
  endedDescription: 'Media will be purged shortly.',
  endedForGuests: 'Circle Ended',
  endedForGuestsDescription: 'The host has ended this circle. Redirecting...',
  chatFailed: 'Chat failed',
  cameraError: 'Camera error',
  screenError: 'Screen share error',
  endFailed: 'Could not end circle',
  liveNotification: 'is now live on FaithVerse',
  titleRequired: 'Give your circle a title.',
  faithRequired: 'Choose the faith of your circle.',
  chatEmpty: 'Write a message first.',
  full: 'This circle is full. Try again when a guest leaves, or join another circle.',
  hasEnded: 'This circle has ended.',
  notMember: 'Join this circle first.',
  hostOnly: 'Only the host can do this.',
  noRequest: 'This member has not asked to join.',
  needsApproval: 'The host approves each guest of this circle. Ask to join instead.',
  previewOff: 'This circle has no preview.',
  previewNotNeeded: 'A preview is for members who must ask to join a live circle.',
  previewUsed: 'Your preview of this circle is over. Ask to join to keep watching.',
  alreadyMember: 'You are already in this circle.',
  notLive: 'This circle is not live.',
  /** The Janus server carrying the circle stopped answering: the circle ends (issue 29). */
  mediaServerStopped: 'The media server stopped answering, so this circle has ended.',
} as const;

/** What the circles API answers when it refuses, and the checks of its payloads. */
export const CIRCLE_ERRORS = defineErrors({
  circle_not_found: CIRCLE_TEXTS.notFound,
  circle_ended: CIRCLE_TEXTS.hasEnded,
  circle_full: CIRCLE_TEXTS.full,
  circle_not_member: CIRCLE_TEXTS.notMember,
  circle_host_only: CIRCLE_TEXTS.hostOnly,
  circle_no_request: CIRCLE_TEXTS.noRequest,
  approval_required: CIRCLE_TEXTS.needsApproval,
  no_preview: CIRCLE_TEXTS.previewOff,
  preview_not_needed: CIRCLE_TEXTS.previewNotNeeded,
  preview_used: CIRCLE_TEXTS.previewUsed,
  already_member: CIRCLE_TEXTS.alreadyMember,
  declined: 'The host declined your request to join.',
  circle_title_required: CIRCLE_TEXTS.titleRequired,
  circle_title_too_long: 'A title can be at most {{max}} characters.',
  circle_topic_too_long: 'A topic can be at most {{max}} characters.',
  circle_topic_not_text: 'topic must be text.',
  circle_faith_required: CIRCLE_TEXTS.faithRequired,
  circle_chat_empty: CIRCLE_TEXTS.chatEmpty,
  circle_chat_too_long: 'A chat message can be at most {{max}} characters.',
  circle_text_nul: 'Text cannot contain NUL characters.',
  circle_visibility_invalid: 'visibility must be public, unlisted or private.',
  circle_mode_invalid: 'mode must be live or scheduled.',
  circle_source_invalid: 'source_type must be camera, screen or audio.',
  circle_duration_invalid: 'duration_min must be 15, 30, 45 or 60.',
  circle_max_guests_invalid: 'max_guests must be a whole number from 1 to 500.',
  circle_max_guests_mesh: 'Without a media server a circle takes at most {{max}} guests.',
  media_kind_invalid: 'kind must be publish, subscribe, answer, ice, leave or layer.',
  media_width_invalid: 'width must be a whole number of pixels from 0 to 10000.',
  media_role_invalid: 'role must be publisher or subscriber.',
  media_sdp_missing: 'A session description is needed for this.',
  circle_not_on_janus: "This circle's media does not go through the media server.",
  circle_media_not_ready: "The host's media has not started yet.",
  circle_media_unavailable: 'The media server is not answering. Try again in a moment.',
  circle_member_not_found: 'That member is not in this circle.',
  stage_host: 'The host is always on stage.',
  stage_full: 'At most {{max}} guests can be on stage at once.',
  signal_peer_not_text: 'peer must be text.',
  signal_peer_invalid: 'That is not a peer id.',
  signal_circle_id_not_text: 'circle_id must be text.',
  signal_to_user_not_text: 'to_user_id must be text.',
  signal_member_invalid: 'That is not a member.',
  signal_kind_invalid: 'kind must be request-offer, offer, answer or ice.',
  signal_sdp_too_long: 'That session description is too long.',
  signal_mline_invalid: 'sdpMLineIndex must be a whole number from 0 to 64.',
  signal_candidate_invalid: 'candidate must be an object or null.',
});
const { rule } = rulesOf(CIRCLE_ERRORS);

const flag = (name: string) => z.optional(z.boolean(fieldRule('not_boolean', { name })));
const optionalText = (max: number) =>
  z.optional(
    z.nullable(
      text({
        label: 'The topic',
        max,
        tooLong: rule('circle_topic_too_long', { max }),
        typeError: rule('circle_topic_not_text'),
        multiline: true,
        nul: rule('circle_text_nul'),
      }),
    ),
  );

/** POST /api/circles: title and faith required; anything left out takes the form's default. */
export const createCircleSchema = z.strictObject({
  title: text({
    label: 'The title',
    min: 1,
    max: CIRCLE_LIMITS.titleMax,
    typeError: rule('circle_title_required'),
    required: rule('circle_title_required'),
    tooLong: rule('circle_title_too_long', { max: CIRCLE_LIMITS.titleMax }),
    nul: rule('circle_text_nul'),
  }),
  faith: z.enum(FAITHS, rule('circle_faith_required')),
  topic: optionalText(CIRCLE_LIMITS.topicMax),
  visibility: z.optional(z.enum(CIRCLE_VISIBILITIES, rule('circle_visibility_invalid'))),
  mode: z.optional(z.enum(CIRCLE_MODES, rule('circle_mode_invalid'))),
  source_type: z.optional(z.enum(CIRCLE_SOURCES, rule('circle_source_invalid'))),
  duration_min: z.optional(
    z.union(
      CIRCLE_DURATIONS.map((minutes) => z.literal(minutes)),
      rule('circle_duration_invalid'),
    ),
  ),
  allow_preview: flag('allow_preview'),
  join_by_blessing: flag('join_by_blessing'),
  show_store: flag('show_store'),
  allow_donations: flag('allow_donations'),
  /** The id of a group the host belongs to: the circle is its members' only. */
  group_id: z.optional(text({ label: 'group_id', min: 1, max: 64 })),
  /** At most 10 without a media server (the server says so), up to 500 with Janus. */
  max_guests: z.optional(
    z
      .number(rule('circle_max_guests_invalid'))
      .check(
        z.int(rule('circle_max_guests_invalid')),
        z.gte(1, rule('circle_max_guests_invalid')),
        z.lte(CIRCLE_LIMITS.janusMaxGuests, rule('circle_max_guests_invalid')),
      ),
  ),
});
export type CreateCircleInput = z.input<typeof createCircleSchema>;

/** POST /api/circles/:id/live: what the host is sending now. */
export const goLiveSchema = z.strictObject({
  source_type: z.enum(CIRCLE_SOURCES, rule('circle_source_invalid')),
});

export const chatInputSchema = z.strictObject({
  content: text({
    label: 'The message',
    min: 1,
    max: CIRCLE_LIMITS.chatMax,
    multiline: true,
    typeError: fieldRule('content_required'),
    required: rule('circle_chat_empty'),
    tooLong: rule('circle_chat_too_long', { max: CIRCLE_LIMITS.chatMax }),
    nul: rule('circle_text_nul'),
  }),
});

export const circleSchema = z.object({
  id: z.string(),
  host_id: z.string(),
  host: personSchema,
  title: z.string(),
  faith: z.string(),
  topic: z.nullable(z.string()),
  visibility: z.enum(CIRCLE_VISIBILITIES),
  mode: z.string(),
  status: z.enum(CIRCLE_STATUSES),
  source_type: z.enum(CIRCLE_SOURCES),
  duration_min: z.number(),
  allow_preview: z.boolean(),
  join_by_blessing: z.boolean(),
  show_store: z.boolean(),
  allow_donations: z.boolean(),
  is_listed: z.boolean(),
  host_heartbeat: z.nullable(z.string()),
  max_guests: z.number(),
  /**
   * How the media travels, decided when the circle first goes live: 'janus' (the host publishes once
   * to the media server, which forwards it to each guest), 'mesh' (the host's browser sends to each
   * guest), or null before.
   */
  media: z.nullable(z.enum(['mesh', 'janus'])),
  created_at: z.string(),
  /** Host and guests. */
  member_count: z.number(),
  /** The group it was started in (members only), or null. */
  group: z.nullable(z.object({ id: z.string(), slug: z.string(), name: z.string() })),
});
export type Circle = z.infer<typeof circleSchema>;

/**
 * Where the viewer stands: `member` (host or guest), `open` (joins at once), `request` (must ask the
 * host), `pending` (asked), `declined`, `full`, `ended` (and not a member).
 */
export const CIRCLE_ACCESS = ['member', 'open', 'request', 'pending', 'declined', 'full', 'ended'] as const;
export type CircleAccess = (typeof CIRCLE_ACCESS)[number];

export const iceServerSchema = z.strictObject({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.optional(z.string()),
  credential: z.optional(z.string()),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/** GET /api/circles/:id */
export const circlePageSchema = z.object({
  circle: circleSchema,
  role: z.nullable(z.enum(['host', 'guest'])),
  access: z.enum(CIRCLE_ACCESS),
  /** A non-member's preview: whether one may start, and until when the running one lasts. */
  preview: z.object({ available: z.boolean(), until: z.nullable(z.string()) }),
  /** STUN and TURN servers for the circle's WebRTC connections (ICE_SERVERS on the server). */
  ice_servers: z.array(iceServerSchema),
});
/** GET /api/circles/options: what the Start a Circle form may offer on this server. */
export const circleOptionsSchema = z.object({
  /** 10 without a media server, 500 with Janus. */
  max_guests_limit: z.number(),
  media_server: z.boolean(),
});
export type CircleOptions = z.infer<typeof circleOptionsSchema>;
export type CirclePage = z.infer<typeof circlePageSchema>;

export const circleMemberSchema = z.object({
  user: personSchema,
  role: z.enum(['host', 'guest']),
  joined_at: z.string(),
  /** A guest's raised hand (Janus circles). */
  hand_raised: z.boolean(),
  /** Invited to speak by the host, or speaking (Janus circles). */
  stage: z.nullable(z.enum(['invited', 'on'])),
});
export type CircleMember = z.infer<typeof circleMemberSchema>;

export const joinRequestSchema = z.object({ user: personSchema, created_at: z.string() });
export type JoinRequest = z.infer<typeof joinRequestSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  circle_id: z.string(),
  user: personSchema,
  content: z.string(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** One change to the live list: `listed` false means take it off (spec section 4). */
export const liveChangeSchema = z.object({ circle: circleSchema, listed: z.boolean() });
export type LiveChange = z.infer<typeof liveChangeSchema>;

/** A change of the viewer's request to join a circle, sent to the member who asked. */
export type JoinDecision = { circle_id: string; decision: 'approved' | 'declined' };
