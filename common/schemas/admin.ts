import { z } from 'zod/mini';
import { defineErrors, rulesOf } from '../errorTemplates.ts';
import { cursorField, limitField, text } from './fields.ts';

/** Admin console payloads (spec section 6 '/admin', and the members, messages, shows, audit). */

export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_SEARCH_MAX_LENGTH = 100;
export const SHOW_TITLE_MAX_LENGTH = 120;
export const SHOW_PERFORMER_MAX_LENGTH = 120;
export const SHOW_VENUE_MAX_LENGTH = 120;
export const SHOW_CITY_MAX_LENGTH = 80;
export const SHOW_LINK_MAX_LENGTH = 500;

/** What the server answers; the web shows these messages as they are. */
export const ADMIN_MESSAGES = {
  notAdmin: "You don't have admin privileges",
  memberNotFound: 'User not found',
  badMemberId: 'That is not a valid user id.',
  cannotDeleteSelf:
    'You cannot delete your own account from the admin dashboard. Use Settings → Delete account instead.',
  lastAdmin: 'This is the last admin: grant the admin role to someone else first.',
  showNotFound: 'Show not found',
  badShowId: 'That is not a valid show id.',
} as const;

export const ADMIN_ERRORS = defineErrors({
  not_admin: ADMIN_MESSAGES.notAdmin,
  user_id_invalid: ADMIN_MESSAGES.badMemberId,
  cannot_delete_self: ADMIN_MESSAGES.cannotDeleteSelf,
  last_admin: ADMIN_MESSAGES.lastAdmin,
  show_not_found: ADMIN_MESSAGES.showNotFound,
  show_id_invalid: ADMIN_MESSAGES.badShowId,
  show_date_required: 'The show date is required.',
  show_date_invalid: 'The show date must be a real date like 2026-12-31.',
  show_starts_at_required: 'The date and time are required.',
  show_starts_at_invalid: 'The date and time must be a real date and time.',
  show_link_invalid: 'The link must start with http:// or https://.',
  show_starts_at_off_date: 'The date and time must fall on the show date.',
});
const { rule } = rulesOf(ADMIN_ERRORS);

// A member as the admin list shows them (spec section 3, 'Admin user listing').
export const adminMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  email: z.string(),
  avatar_url: z.nullable(z.string()),
  created_at: z.string(),
  is_admin: z.boolean(),
  /** Suspended by an admin: cannot sign in, content hidden until restored. */
  suspended: z.boolean(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

export const adminMembersQuerySchema = z.strictObject({
  q: z.optional(text({ label: 'The search', max: ADMIN_SEARCH_MAX_LENGTH })),
  cursor: cursorField,
  limit: limitField(100),
});

export interface AdminMembersPage {
  /** Every member ('Total Users: N'), and how many the search matches. */
  total: number;
  matching: number;
  members: AdminMember[];
  next_cursor: string | null;
}

export const pageQuerySchema = z.strictObject({ cursor: cursorField, limit: limitField(100) });

export interface AdminContactMessage {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
}
export interface AdminContactMessagesPage {
  messages: AdminContactMessage[];
  next_cursor: string | null;
}

export const AUDIT_ACTIONS = [
  'member.delete',
  'member.grant_admin',
  'member.revoke_admin',
  'show.create',
  'show.update',
  'show.delete',
  'member.suspend',
  'member.restore',
  'report.dismiss',
  'report.remove',
  'announcement.send',
  'group.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit line is about: a member, a show, an announcement, or a reported thing (post, comment, message, circle). */
export type AuditTargetType =
  | 'member'
  | 'show'
  | 'post'
  | 'comment'
  | 'message'
  | 'circle'
  | 'announcement'
  | 'group';

export interface AuditEntry {
  id: string;
  actor_id: string;
  /** The actor's username today; null once their account is gone. */
  actor_username: string | null;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: string;
  summary: string;
  created_at: string;
}
export interface AuditPage {
  entries: AuditEntry[];
  next_cursor: string | null;
}

const line = (label: string, max: number) => text({ label, max });
const requiredLine = (label: string, max: number) => text({ label, min: 1, max });

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar date between 2000 and 2100 (no 2026-02-30). */
export function isRealDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return (
    y >= 2000 &&
    y <= 2100 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d
  );
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
/** An ISO date-time with its offset, on a real date (Date.parse alone accepts too much). */
export function isRealDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  return Boolean(m && isRealDate(m[1]!) && !Number.isNaN(Date.parse(value)));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A comedy show as an admin enters it. `show_date` is the local date 'Find Shows' lists it under;
 * `starts_at` the moment it starts, with its offset. The two must agree within a time zone (±14 h).
 */
export const showInputSchema = z
  .strictObject({
    title: requiredLine('Title', SHOW_TITLE_MAX_LENGTH),
    performer: z.optional(z.nullable(line('Performer', SHOW_PERFORMER_MAX_LENGTH))),
    venue: requiredLine('Venue', SHOW_VENUE_MAX_LENGTH),
    city: requiredLine('City', SHOW_CITY_MAX_LENGTH),
    show_date: z.string(rule('show_date_required')).check(z.refine(isRealDate, rule('show_date_invalid'))),
    starts_at: z
      .string(rule('show_starts_at_required'))
      .check(z.refine(isRealDateTime, rule('show_starts_at_invalid'))),
    ticket_url: z.optional(
      z.nullable(
        line('Link', SHOW_LINK_MAX_LENGTH).check(
          z.refine((s) => s === '' || isWebLink(s), rule('show_link_invalid')),
        ),
      ),
    ),
  })
  .check(
    z.refine(
      (show) =>
        !isRealDate(show.show_date) ||
        !isRealDateTime(show.starts_at) ||
        Math.abs(Date.parse(show.starts_at) - Date.parse(`${show.show_date}T12:00:00Z`)) <= 1.5 * DAY_MS,
      rule('show_starts_at_off_date'),
    ),
  );
export type ShowInput = z.infer<typeof showInputSchema>;

export function isWebLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export interface AdminShow {
  id: string;
  title: string;
  performer: string | null;
  venue: string;
  city: string | null;
  show_date: string;
  starts_at: string | null;
  ticket_url: string | null;
}
export interface AdminShowsPage {
  shows: AdminShow[];
  next_cursor: string | null;
}

/** GET /api/admin/groups?q=: every group, secret ones too (the admin console's Groups tab). */
export const adminGroupsQuerySchema = z.strictObject({
  q: z.optional(text({ label: 'The search', max: ADMIN_SEARCH_MAX_LENGTH })),
});
export interface AdminGroup {
  id: string;
  slug: string;
  name: string;
  privacy: 'public' | 'private' | 'secret';
  category: 'faith' | 'food' | 'comedy' | 'community';
  member_count: number;
  owner_username: string | null;
  created_at: string;
}
export interface AdminGroupsPage {
  groups: AdminGroup[];
}
