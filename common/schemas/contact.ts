import { z } from 'zod/mini';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH } from '../limits.ts';
import { CONTACT_SUBJECTS } from '../options.ts';
import { text } from './fields.ts';

const required = (label: string, max: number, multiline = false) =>
  text({ label, min: 1, max, multiline, typeError: `${label} is required.` });

export const contactMessageSchema = z.strictObject({
  name: required('Name', CONTACT_NAME_MAX_LENGTH),
  email: z.pipe(required('Email', EMAIL_MAX_LENGTH), z.email({ error: 'Enter a valid email address.' })),
  subject: z.enum(CONTACT_SUBJECTS, { error: 'Choose a subject from the list.' }),
  message: required('Message', CONTACT_MESSAGE_MAX_LENGTH, true),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
