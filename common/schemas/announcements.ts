import { z } from 'zod/mini';
import { defineErrors, rulesOf } from '../errorTemplates.ts';
import { text } from './fields.ts';

export const ANNOUNCEMENT_ERRORS = defineErrors({
  announcement_subject_required: 'The subject is required.',
  announcement_subject_empty: 'Write a subject.',
  announcement_body_required: 'The message is required.',
  announcement_body_empty: 'Write the message.',
});
const { rule } = rulesOf(ANNOUNCEMENT_ERRORS);

/** Updates: announcements an admin writes, emailed to members with 'Updates' on (Email Notifications). */
export const ANNOUNCEMENT_SUBJECT_MAX_LENGTH = 150;
export const ANNOUNCEMENT_BODY_MAX_LENGTH = 5000;

export const announcementInputSchema = z.strictObject({
  subject: text({
    label: 'The subject',
    min: 1,
    max: ANNOUNCEMENT_SUBJECT_MAX_LENGTH,
    typeError: rule('announcement_subject_required'),
    required: rule('announcement_subject_empty'),
  }),
  body: text({
    label: 'The message',
    min: 1,
    max: ANNOUNCEMENT_BODY_MAX_LENGTH,
    multiline: true,
    typeError: rule('announcement_body_required'),
    required: rule('announcement_body_empty'),
  }),
});
export type AnnouncementInput = z.input<typeof announcementInputSchema>;

export interface Announcement {
  id: string;
  subject: string;
  body: string;
  author_username: string | null;
  created_at: string;
  /** How many members it has been emailed to so far. */
  sent_count: number;
  /** Set once everyone with Updates on has had it. */
  finished_at: string | null;
}
export interface AnnouncementList {
  announcements: Announcement[];
}
