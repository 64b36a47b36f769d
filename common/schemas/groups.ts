import { z } from 'zod/mini';
import { defineErrors, rulesOf } from '../errorTemplates.ts';
import { POST_CATEGORIES } from '../options.ts';
import { cursorField, limitField, mediaIdField, personSchema, text } from './fields.ts';
import { FEED_PAGE_MAX, postSchema } from './posts.ts';

/**
 * Groups (issue 25, DESIGN section 7): lasting spaces with an owner, admins and members, and one
 * privacy of three. The server's policy is server/policies/group.ts; this file is the API's contract.
 */
export const GROUP_CATEGORIES = ['faith', 'food', 'comedy', 'community'] as const;
export type GroupCategory = (typeof GROUP_CATEGORIES)[number];
export const GROUP_PRIVACIES = ['public', 'private', 'secret'] as const;
export type GroupPrivacy = (typeof GROUP_PRIVACIES)[number];
export const GROUP_ROLES = ['owner', 'admin', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];
/**
 * Where the viewer stands: not in it, asked to join (private), invited (any privacy), in it, or banned
 * by its admins (cannot ask or be invited until unbanned).
 */
export const GROUP_STANDINGS = ['none', 'requested', 'invited', 'member', 'banned'] as const;
export type GroupStanding = (typeof GROUP_STANDINGS)[number];
export const GROUP_NOTIFY = ['all', 'off'] as const;

export const GROUP_NAME_MIN = 3;
export const GROUP_NAME_MAX = 60;
export const GROUP_DESCRIPTION_MAX = 500;
export const GROUP_SLUG_MAX = 60;
/** A member creates at most this many groups a day, and sends at most GROUP_INVITES_PER_DAY invitations. */
export const GROUPS_PER_DAY = 5;
export const GROUP_INVITES_PER_DAY = 50;
/** Memberships of a group with fewer members start with 'All posts'; larger ones with 'Off'. */
export const GROUP_NOTIFY_ALL_BELOW = 50;

export const GROUP_ERRORS = defineErrors({
  group_name_length: 'A group name must be {{min}} to {{max}} characters.',
  group_category_invalid: 'Choose a category: Faith, Food, Comedy or Community.',
  group_privacy_invalid: 'Choose who can see the group: Public, Private or Secret.',
  group_slug_invalid:
    'A group address must be 3 to 60 characters: lowercase letters, numbers and dashes, starting with a letter or number.',
  group_name_taken: 'A group with this address already exists. Choose another name or address.',
  group_not_found: 'Group not found',
  group_members_only: 'Only members of this group can do this. Join the group first.',
  group_admins_only: "Only the group's admins can do this.",
  group_owner_only: "Only the group's owner can do this.",
  group_banned: 'You cannot join this group.',
  group_owner_cannot_leave: 'Make another member the owner before you leave the group.',
  group_invitation_only: 'This group is joined by invitation only.',
  group_member_not_found: 'That member is not in this group.',
  group_request_not_found: 'There is no request to join from this member.',
  group_member_banned: 'This member is banned from the group. Unban them first.',
  group_already_member: 'This member is already in the group.',
  group_owner_protected: "The group's owner cannot be removed, banned or made an admin.",
  group_role_invalid: 'Choose a role: admin or member.',
  group_notify_invalid: 'Choose All posts or Off.',
  group_invite_unknown: 'No member has the username {{username}}.',
  group_post_not_in_group: 'This post is not in this group.',
  group_cover_not_photo: 'A cover must be a photo.',
  group_cover_in_use: 'That upload is already the cover of a group. Please upload it again.',
  group_create_limit: 'You can create at most {{max}} groups a day. Try again tomorrow.',
  group_invite_limit: 'You can send at most {{max}} invitations a day. Try again tomorrow.',
});
const { rule } = rulesOf(GROUP_ERRORS);

const nameField = text({
  label: 'Name',
  min: GROUP_NAME_MIN,
  max: GROUP_NAME_MAX,
  required: rule('group_name_length', { min: GROUP_NAME_MIN, max: GROUP_NAME_MAX }),
  tooLong: rule('group_name_length', { min: GROUP_NAME_MIN, max: GROUP_NAME_MAX }),
});
const descriptionField = text({ label: 'Description', max: GROUP_DESCRIPTION_MAX, multiline: true });
const categoryField = z.enum(GROUP_CATEGORIES, rule('group_category_invalid'));
const privacyField = z.enum(GROUP_PRIVACIES, rule('group_privacy_invalid'));
/** A group's address: lowercase letters, digits and single dashes (made from the name at first). */
export const GROUP_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?!-)){1,58}[a-z0-9]$/;
const slugField = text({ label: 'Address', min: 1, max: GROUP_SLUG_MAX }).check(
  z.regex(GROUP_SLUG_PATTERN, rule('group_slug_invalid')),
);

/** POST /api/groups. */
export const createGroupSchema = z.strictObject({
  name: nameField,
  description: z.optional(descriptionField),
  category: categoryField,
  privacy: privacyField,
  /** An upload of the member's (a photo), as the post composer sends it. */
  cover_media_id: z.optional(mediaIdField()),
});
export type CreateGroupInput = z.input<typeof createGroupSchema>;

/** PATCH /api/groups/:slug (admins; `slug` the owner only). */
export const updateGroupSchema = z.strictObject({
  name: z.optional(nameField),
  description: z.optional(descriptionField),
  category: z.optional(categoryField),
  privacy: z.optional(privacyField),
  slug: z.optional(slugField),
});
export type UpdateGroupInput = z.input<typeof updateGroupSchema>;

/** GET /api/groups?q=&category= */
export const groupListQuerySchema = z.strictObject({
  q: z.optional(text({ label: 'The search', max: 100 })),
  category: z.optional(categoryField),
});

/** GET /api/groups/:slug/posts?category=prayer&before= (the Posts tab leaves category out). */
export const groupPostsQuerySchema = z.strictObject({
  category: z.optional(z.enum(POST_CATEGORIES, rule('group_category_invalid'))),
  before: cursorField,
  limit: limitField(FEED_PAGE_MAX),
});

/** POST /api/groups/:slug/invitations */
export const inviteSchema = z.strictObject({ username: text({ label: 'Username', min: 1, max: 60 }) });
/** PUT /api/groups/:slug/members/:userId */
export const memberRoleSchema = z.strictObject({
  role: z.enum(['admin', 'member'], rule('group_role_invalid')),
});
/** POST /api/groups/:slug/owner: hands the group to another member (the owner becomes an admin). */
export const transferOwnerSchema = z.strictObject({ user_id: text({ label: 'user_id', min: 1, max: 64 }) });
/** PUT /api/groups/:slug/pin */
export const pinSchema = z.strictObject({ post_id: text({ label: 'post_id', min: 1, max: 64 }) });
/** PUT /api/groups/:slug/notify */
export const notifySchema = z.strictObject({ notify: z.enum(GROUP_NOTIFY, rule('group_notify_invalid')) });

/** A group as lists and its page show it, with where the viewer stands. */
export const groupSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(GROUP_CATEGORIES),
  privacy: z.enum(GROUP_PRIVACIES),
  cover_url: z.nullable(z.string()),
  member_count: z.number(),
  created_at: z.string(),
  last_activity_at: z.string(),
  pinned_post_id: z.nullable(z.string()),
  viewer: z.object({
    standing: z.enum(GROUP_STANDINGS),
    role: z.nullable(z.enum(GROUP_ROLES)),
    notify: z.nullable(z.enum(GROUP_NOTIFY)),
  }),
});
export type Group = z.infer<typeof groupSchema>;

/** GET /api/groups: the member's groups (most recently active first) and the ones to discover. */
export const groupListSchema = z.object({ mine: z.array(groupSchema), discover: z.array(groupSchema) });
export type GroupList = z.infer<typeof groupListSchema>;

/** GET /api/groups/:slug/posts: a page of the group's posts; the first page carries the pinned one. */
export const groupPostsPageSchema = z.object({
  posts: z.array(postSchema),
  next_cursor: z.nullable(z.string()),
  pinned: z.nullable(postSchema),
});
export type GroupPostsPage = z.infer<typeof groupPostsPageSchema>;

export const groupMemberSchema = z.object({
  person: personSchema,
  role: z.enum(GROUP_ROLES),
  since: z.string(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;
/** Someone asking, invited or banned (admins' lists). */
export const groupPendingSchema = z.object({ person: personSchema, since: z.string() });

/** GET /api/groups/:slug/members: the three admin lists are empty for everyone else. */
export const groupMembersSchema = z.object({
  members: z.array(groupMemberSchema),
  requests: z.array(groupPendingSchema),
  invited: z.array(groupPendingSchema),
  banned: z.array(groupPendingSchema),
});
export type GroupMembers = z.infer<typeof groupMembersSchema>;

/** The answer of join (POST /join) and leave (DELETE /membership): where the viewer now stands. */
export const groupStandingSchema = z.object({ standing: z.enum(GROUP_STANDINGS) });
export type GroupStandingAnswer = z.infer<typeof groupStandingSchema>;
