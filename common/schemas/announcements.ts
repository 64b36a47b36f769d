import { z } from 'zod/mini';
import { text } from './fields.ts';

/** Updates: announcements an admin writes, emailed to members with 'Updates' on (Email Notifications). */
export const ANNOUNCEMENT_SUBJECT_MAX_LENGTH = 150;
export const ANNOUNCEMENT_BODY_MAX_LENGTH = 5000;

export const announcementInputSchema = z.strictObject({
  subject: text({
    label: 'The subject',
    min: 1,
    max: ANNOUNCEMENT_SUBJECT_MAX_LENGTH,
    typeError: 'The subject is required.',
    required: 'Write a subject.',
  }),
  body: text({
    label: 'The message',
    min: 1,
    max: ANNOUNCEMENT_BODY_MAX_LENGTH,
    multiline: true,
    typeError: 'The message is required.',
    required: 'Write the message.',
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
