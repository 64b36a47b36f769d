import { z } from 'zod/mini';
import { defineErrors, type Rule, rulesOf } from '../errorTemplates.ts';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH } from '../limits.ts';
import { CONTACT_SUBJECTS } from '../options.ts';
import { fieldRule, text } from './fields.ts';

export const CONTACT_ERRORS = defineErrors({
  contact_name_required: 'Name is required.',
  contact_email_required: 'Email is required.',
  contact_message_required: 'Message is required.',
  contact_subject_invalid: 'Choose a subject from the list.',
});
const { rule } = rulesOf(CONTACT_ERRORS);

const required = (label: string, max: number, missing: Rule, multiline = false) =>
  text({ label, min: 1, max, multiline, typeError: missing, required: missing });

export const contactMessageSchema = z.strictObject({
  name: required('Name', CONTACT_NAME_MAX_LENGTH, rule('contact_name_required')),
  email: z.pipe(
    required('Email', EMAIL_MAX_LENGTH, rule('contact_email_required')),
    z.email(fieldRule('email_invalid')),
  ),
  subject: z.enum(CONTACT_SUBJECTS, rule('contact_subject_invalid')),
  message: required('Message', CONTACT_MESSAGE_MAX_LENGTH, rule('contact_message_required'), true),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
