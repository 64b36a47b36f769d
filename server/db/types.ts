import type { ColumnType, Generated } from 'kysely';
import type {
  FaithCircleChatTable,
  FaithCircleJanusRoomsTable,
  FaithCircleMembersTable,
  FaithCirclePreviewsTable,
  FaithCircleRequestsTable,
  FaithCirclesTable,
} from './circleTables.ts';
import type { Bool, Timestamp } from './columnTypes.ts';
import type {
  CalendarFeedsTable,
  EventOccurrencesTable,
  EventRsvpsTable,
  EventsTable,
} from './eventTables.ts';
import type { GroupMembersTable, GroupsTable } from './groupTables.ts';
import type { ConversationsTable, MessagesTable } from './messageTables.ts';
import type {
  AnnouncementDeliveriesTable,
  AnnouncementsTable,
  EmailDigestsTable,
  NotificationsTable,
  PushSubscriptionsTable,
} from './notificationTables.ts';
import type {
  PrayerListTable,
  PrayerRemindersTable,
  PrayerUpdateOffsTable,
  PrayerUpdatesTable,
} from './prayerTables.ts';
import type {
  RecipeDietTagsTable,
  RecipeIngredientsTable,
  RecipeStepsTable,
  RecipesTable,
  SavedRecipesTable,
  ShoppingItemsTable,
} from './recipeTables.ts';

export type * from './circleTables.ts';
export type * from './eventTables.ts';
export type * from './groupTables.ts';
export type * from './messageTables.ts';
export type * from './notificationTables.ts';
export type * from './prayerTables.ts';
export type * from './recipeTables.ts';

// Row types of the tables the code uses (circles and notifications in their own files), and DB.

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  createdAt: ColumnType<string | Date, string | Date, string | Date>;
  updatedAt: ColumnType<string | Date, string | Date, string | Date>;
  /** Better Auth's twoFactor plugin (issue 52): set once the member verified their first code. */
  twoFactorEnabled: ColumnType<boolean | number | null, boolean | undefined, boolean>;
}

/** Better Auth's twoFactor plugin: the TOTP secret and recovery codes, encrypted with the auth secret. */
export interface TwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: ColumnType<boolean | number | null, boolean | undefined, boolean>;
  failedVerificationCount: number | null;
  lockedUntil: ColumnType<string | Date | null, string | Date | null, string | Date | null>;
}

/** Better Auth's passkey plugin: a WebAuthn credential's id and public key (no secret), and its name. */
export interface PasskeyTable {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: Bool;
  transports: string | null;
  createdAt: ColumnType<string | Date | null, string | Date | undefined, string | Date>;
  aaguid: string | null;
}

/** A browser and system an account signed in from (issue 52): one not here mails a sign-in alert. */
export interface SignInBrowsersTable {
  user_id: string;
  browser: string;
  system: string;
  first_seen_at: string;
}

/** An app registered for the Mastodon client API (issue 53); its secret kept as a SHA-256 digest. */
export interface OauthAppsTable {
  id: string;
  name: string;
  website: string | null;
  /** The redirect URIs it registered, one per line. */
  redirect_uris: string;
  /** The scopes it may ask for, space-separated. */
  scopes: string;
  client_id: string;
  client_secret_hash: string;
  created_at: string;
}

/** A code a member's 'Authorize' gave an app (issue 53), until it becomes a token or expires. */
export interface OauthCodesTable {
  code_hash: string;
  app_id: string;
  user_id: string;
  redirect_uri: string;
  scopes: string;
  code_challenge: string | null;
  code_challenge_method: string | null;
  expires_at: string;
}

/** An app's access token (issue 53): for a member, or (user_id null) for the app itself. */
export interface OauthTokensTable {
  id: string;
  token_hash: string;
  app_id: string;
  user_id: string | null;
  scopes: string;
  created_at: string;
  last_used_at: string | null;
}

/** A new post's Idempotency-Key from a Mastodon app (issue 53): the same key within an hour, the same post. */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  post_id: string | null;
  created_at: string;
}

/** The step (Unix time / 30 s) of the last TOTP code a member used: no code at or before it again. */
export interface TwoFactorStepsTable {
  user_id: string;
  last_step: ColumnType<number, number, number>;
}

export interface SessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: ColumnType<string | Date, string | Date, string | Date>;
  createdAt: ColumnType<string | Date, string | Date, string | Date>;
  /** Moved by Better Auth when it extends the session, and by SessionResolver as it is used. */
  updatedAt: ColumnType<string | Date, string | Date, string | Date>;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface ProfilesTable {
  id: string;
  username: string;
  full_name: string;
  avatar_url: string | null;
  bio: string | null;
  cover_photo_url: string | null;
  cover_photo_position: Generated<number>;
  hobbies: string | null;
  favorite_movies: string | null;
  favorite_music: string | null;
  favorite_books: string | null;
  education: string | null;
  work: string | null;
  relationship_status: string | null;
  hometown: string | null;
  current_city: string | null;
  website: string | null;
  last_username_change: string | null;
  followers_visible: Bool;
  /** The upload each picture shows; set null when that upload goes. */
  avatar_media_id: string | null;
  cover_media_id: string | null;
  profile_video_url: string | null;
  profile_video_media_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set while an admin has the member suspended: no sign-in, content hidden (migration 20261124T0000). */
  suspended_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who lands in the member's inbox; others' messages become requests (migration 20261124T0100). */
  who_can_message: Generated<'friends' | 'everyone'>;
}

export interface UserRolesTable {
  user_id: string;
  role: string;
  created_at: Timestamp;
}

export interface ContactMessagesTable {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Timestamp;
}

export interface MediaObjectsTable {
  id: string;
  user_id: string;
  storage_key: string;
  variant_key: string | null;
  kind: 'photo' | 'video';
  content_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  created_at: Timestamp;
  /** Alt text an app sent with the upload (issue 53), for the post it goes into. */
  description: string | null;
}

export interface PostsTable {
  id: string;
  user_id: string;
  profile_owner_id: string | null;
  category: 'general' | 'prayer' | 'food' | 'comedy';
  content: string;
  image_url: string | null;
  image_feed_url: string | null;
  media_id: string | null;
  media_type: 'photo' | 'video' | 'none';
  prayer_type: string | null;
  food_category: string | null;
  recipe: string | null;
  feeling: string | null;
  location_name: string | null;
  location_lat: number | null;
  location_lng: number | null;
  like_count: Generated<number>;
  comment_count: Generated<number>;
  share_count: Generated<number>;
  prayed_count: Generated<number>;
  view_count: Generated<number>;
  /** The group the post was written in (it follows the group's privacy), or null. */
  group_id: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  // A prayer request's life (issue 27; the defaults on every other post).
  visibility: Generated<'everyone' | 'friends' | 'group' | 'only_me'>;
  anonymous: Bool;
  urgent_until: Generated<string | null>;
  expires_after_days: Generated<number | null>;
  expires_at: Generated<string | null>;
  expiry_asked_at: Generated<string | null>;
  answered_at: Generated<string | null>;
  testimony: Generated<string | null>;
  update_count: Generated<number>;
  notify_prayed: Bool;
  /** A structured recipe belongs to it (recipes, issue 28). */
  has_recipe: Bool;
  /** 'Content warning': all the post shows until opened (issue 51). */
  content_warning: Generated<string | null>;
  /** Its photo's description, the image's alt (issue 51). */
  alt_text: Generated<string | null>;
  /** Whom its '@username's named, as JSON [{ id, username }] (migration 20261203T0600). */
  mentions: Generated<string | null>;
  /** Its poll as every viewer sees it, as JSON (migration 20261203T0800, common/schemas/polls.ts Poll). */
  poll: Generated<string | null>;
  /** The post's first link, whose card it gets (migration 20261203T0900). */
  card_url: Generated<string | null>;
  /** 'pending' until the card is read, then 'ready', 'none' (the page gave none) or 'removed' (by the author). */
  card_state: Generated<'pending' | 'ready' | 'none' | 'removed' | null>;
  /** The card as every viewer sees it, as JSON (common/schemas/linkCards.ts LinkCard). */
  card: Generated<string | null>;
  /** The card's image: an upload of the author's, re-encoded from the site's. */
  card_media_id: Generated<string | null>;
}

/** When each poll ends, and when its 'Final results' went out (migration 20261203T0800). */
export interface PollsTable {
  post_id: string;
  ends_at: string;
  finished_at: string | null;
}

/** Who chose which option of a poll (0 first); one row per choice. */
export interface PollVotesTable {
  post_id: string;
  user_id: string;
  choice: number;
  created_at: string;
}

export interface LikesTable {
  post_id: string;
  user_id: string;
  created_at: Timestamp;
}

export interface CommentsTable {
  id: string;
  post_id: string;
  user_id: string;
  content: string;
  created_at: Timestamp;
  /** Whom its '@username's named, as JSON (migration 20261203T0600). */
  mentions: Generated<string | null>;
}

export interface PostViewsTable {
  post_id: string;
  viewer_id: string;
  day: string;
  created_at: Timestamp;
}

export interface PrayersTable {
  post_id: string;
  user_id: string;
  created_at: Timestamp;
}

export interface FollowsTable {
  id: string;
  follower_id: string;
  following_id: string;
  created_at: Timestamp;
}

export interface FriendshipsTable {
  id: string;
  user_id: string;
  friend_id: string;
  status: 'pending' | 'accepted';
  created_at: Timestamp;
}

export interface PendingPostsTable {
  id: string;
  profile_owner_id: string;
  author_id: string;
  content: string;
  image_url: string | null;
  image_feed_url: string | null;
  media_id: string | null;
  media_type: 'photo' | 'video' | 'none';
  created_at: Timestamp;
  content_warning: Generated<string | null>;
  alt_text: Generated<string | null>;
}

export interface UserSettingsTable {
  user_id: string;
  push_new_posts: Bool;
  push_comments: Bool;
  push_likes: Bool;
  push_messages: Bool;
  email_new_posts: Bool;
  email_updates: Bool;
  push_events: Bool;
  email_events: Bool;
  push_prayer: Bool;
  email_prayer: Bool;
  push_mentions: Bool;
  email_mentions: Bool;
  autoplay_videos: Bool;
  high_quality_images: Bool;
  data_saver: Bool;
  show_content_warnings: Bool;
  remind_alt_text: Bool;
  /** 'Email me about sign-ins from a new browser' (issue 52). */
  email_sign_in_alerts: Bool;
  language: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One row per periodic job (server/jobs/runner.ts); `holder` runs it until `lease_until`. */
export interface JobLeasesTable {
  name: string;
  holder: string | null;
  lease_until: string | null;
  next_run_at: string;
}

export interface SpotlightEntriesTable {
  id: string;
  spotlight_date: string;
  rank_position: number;
  user_id: string;
  username: string;
  full_name: string | null;
  avatar_url: string | null;
  total_engagement: Generated<number>;
  total_likes: Generated<number>;
  total_comments: Generated<number>;
  total_views: Generated<number>;
  posts_count: Generated<number>;
  top_post_content: string | null;
  top_post_image_url: string | null;
}

/** The admin console's audit log (migration 20261123T0400_admin_audit). */
export interface AdminAuditLogTable {
  id: string;
  actor_id: string;
  action: string;
  target_type: string;
  target_id: string;
  summary: string;
  created_at: string;
}

/** A report of a post, comment, message, circle or member, and what the moderators did with it. */
export interface ReportsTable {
  id: string;
  reporter_id: string;
  target_type: string;
  target_id: string;
  /** The member responsible for the reported thing (its author, host or the member reported). */
  target_user_id: string;
  reason: string;
  details: string | null;
  /** What the reported thing said when it was reported, for the queue (it may change or go). */
  excerpt: string;
  status: Generated<string>;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
  resolved_by: string | null;
}

/** A member who blocked another (either direction hides both from each other). */
export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: Timestamp;
}

/** A member who muted another: the muted member's posts leave the muter's feeds. */
export interface MutesTable {
  muter_id: string;
  muted_id: string;
  created_at: Timestamp;
}

/** A post a member hid from their feeds (migration 20261201T0000). */
export interface HiddenPostsTable {
  user_id: string;
  post_id: string;
  created_at: string;
}

/** A post a member saved for later, seen by them alone (migration 20261202T1900). */
export interface BookmarksTable {
  user_id: string;
  post_id: string;
  created_at: string;
}

/** A post's hashtag, case-folded, with the post's time and author (migration 20261202T1920). */
export interface PostTagsTable {
  post_id: string;
  tag: string;
  user_id: string;
  created_at: string;
}

/** A tag a member follows (migration 20261202T1920). */
export interface TagFollowsTable {
  user_id: string;
  tag: string;
  created_at: string;
}

/** Moves when the members hidden from a member's feeds change (migration 20261128T0300). */
export interface HiddenVersionsTable {
  member_id: string;
  version: number;
}

/** A table's number, moved by its triggers (migration 20261202T0000): the sum of its shards' rows. */
export interface TableVersionsTable {
  name: string;
  shard: number;
  version: number;
}

/** A member's group memberships', event answers' and likes' and prayers' numbers (migrations 20261129T0000 and T1000; triggers move them). */
export interface MemberVersionsTable {
  member_id: string;
  groups: Generated<number>;
  answers: Generated<number>;
  marks: Generated<number>;
}

/** One accepted upload, kept for the daily quota after its media_objects row goes (24 h, then pruned). */
export interface UploadUsageTable {
  id: string;
  user_id: string;
  size_bytes: ColumnType<number, number, number>;
  created_at: Timestamp;
}

/** Failed sign-ins against one account (sha256 of the lowercased email), for the exponential wait. */
export interface SignInFailuresTable {
  email_hash: string;
  failures: number;
  last_failed_at: Timestamp;
  locked_until: Timestamp | null;
}

export interface DB {
  user: UserTable;
  session: SessionTable;
  twoFactor: TwoFactorTable;
  two_factor_steps: TwoFactorStepsTable;
  passkey: PasskeyTable;
  sign_in_browsers: SignInBrowsersTable;
  oauth_apps: OauthAppsTable;
  oauth_codes: OauthCodesTable;
  oauth_tokens: OauthTokensTable;
  idempotency_keys: IdempotencyKeysTable;
  profiles: ProfilesTable;
  user_roles: UserRolesTable;
  contact_messages: ContactMessagesTable;
  admin_audit_log: AdminAuditLogTable;
  media_objects: MediaObjectsTable;
  upload_usage: UploadUsageTable;
  sign_in_failures: SignInFailuresTable;
  posts: PostsTable;
  likes: LikesTable;
  prayers: PrayersTable;
  email_digests: EmailDigestsTable;
  push_subscriptions: PushSubscriptionsTable;
  announcements: AnnouncementsTable;
  announcement_deliveries: AnnouncementDeliveriesTable;
  comments: CommentsTable;
  polls: PollsTable;
  poll_votes: PollVotesTable;
  post_views: PostViewsTable;
  notifications: NotificationsTable;
  follows: FollowsTable;
  friendships: FriendshipsTable;
  pending_posts: PendingPostsTable;
  user_settings: UserSettingsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  job_leases: JobLeasesTable;
  spotlight_entries: SpotlightEntriesTable;
  faith_circles: FaithCirclesTable;
  faith_circle_members: FaithCircleMembersTable;
  faith_circle_chat: FaithCircleChatTable;
  faith_circle_requests: FaithCircleRequestsTable;
  faith_circle_previews: FaithCirclePreviewsTable;
  faith_circle_janus_rooms: FaithCircleJanusRoomsTable;
  blocks: BlocksTable;
  mutes: MutesTable;
  hidden_versions: HiddenVersionsTable;
  table_versions: TableVersionsTable;
  hidden_posts: HiddenPostsTable;
  bookmarks: BookmarksTable;
  post_tags: PostTagsTable;
  tag_follows: TagFollowsTable;
  member_versions: MemberVersionsTable;
  reports: ReportsTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  events: EventsTable;
  prayer_updates: PrayerUpdatesTable;
  prayer_list: PrayerListTable;
  prayer_update_offs: PrayerUpdateOffsTable;
  prayer_reminders: PrayerRemindersTable;
  recipes: RecipesTable;
  recipe_diet_tags: RecipeDietTagsTable;
  recipe_ingredients: RecipeIngredientsTable;
  recipe_steps: RecipeStepsTable;
  saved_recipes: SavedRecipesTable;
  shopping_items: ShoppingItemsTable;
  event_occurrences: EventOccurrencesTable;
  event_rsvps: EventRsvpsTable;
  calendar_feeds: CalendarFeedsTable;
}
