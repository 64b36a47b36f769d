import type { Generated } from 'kysely';
import type { Bool, Timestamp } from './columnTypes.ts';

// Row types of FaithVerse circles: the circle, its members, chat, join requests and previews.

export interface FaithCirclesTable {
  id: string;
  host_id: string;
  title: string;
  faith: string;
  topic: string | null;
  visibility: 'public' | 'unlisted' | 'private';
  mode: string;
  status: 'upcoming' | 'live' | 'ended';
  source_type: 'camera' | 'screen' | 'audio';
  duration_min: number;
  allow_preview: Bool;
  join_by_blessing: Bool;
  show_store: Bool;
  allow_donations: Bool;
  is_listed: Bool;
  host_heartbeat: string | null;
  max_guests: number;
  /** The group it was started in: listed for and joined by that group's members only. */
  group_id: Generated<string | null>;
  /** How its media travels, decided when it first goes live (null before): see FaithCircleJanusRoomsTable. */
  media: Generated<'mesh' | 'janus' | null>;
  created_at: Timestamp;
}

export interface FaithCircleMembersTable {
  circle_id: string;
  user_id: string;
  role: 'host' | 'guest';
  joined_at: Timestamp;
  /** A guest's raised hand (Janus circles' stage). */
  hand_raised_at: Generated<string | null>;
  /** Invited to speak by the host, or speaking; at most CIRCLE_LIMITS.stageMax at once. */
  stage: Generated<'invited' | 'on' | null>;
  /** The Janus feed this member publishes once Janus has their media (the host, or a speaker). */
  janus_feed: Generated<string | null>;
}

export interface FaithCircleChatTable {
  id: string;
  circle_id: string;
  user_id: string;
  content: string;
  created_at: Timestamp;
}

/** A member's request to join a circle that approves its guests (migration 20261123T0300). */
export interface FaithCircleRequestsTable {
  circle_id: string;
  user_id: string;
  status: 'pending' | 'declined';
  created_at: string;
}

/** When a non-member's one preview of a circle started. */
export interface FaithCirclePreviewsTable {
  circle_id: string;
  user_id: string;
  started_at: string;
}

/**
 * The Janus VideoRoom that carries a circle's media (migration 20261128T0200): which server, the room's
 * random id, secret and pin. Server-side only: no presenter reads it and no browser sees it.
 */
export interface FaithCircleJanusRoomsTable {
  circle_id: string;
  server_url: string;
  room_id: string;
  secret: string;
  pin: string;
  created_at: Timestamp;
}
