import { z } from 'zod/mini';
import { defineErrors, rulesOf } from '../errorTemplates.ts';
import { fieldRule, text } from './fields.ts';

export const PUSH_ERRORS = defineErrors({
  push_key_too_long: '{{label}} is too long.',
  push_key_not_base64url: '{{label}} must be base64url.',
  push_endpoint_required: 'The endpoint is required.',
  push_keys_required: 'The keys are required.',
  push_expiration_invalid: 'expirationTime must be a number or null.',
});
const { rule } = rulesOf(PUSH_ERRORS);

/** A browser's push subscription, as PushSubscription.toJSON() gives it. */
const key = (label: string, max: number) =>
  z
    .string(fieldRule('text_required', { label }))
    .check(
      z.minLength(1, fieldRule('text_required', { label })),
      z.maxLength(max, rule('push_key_too_long', { label })),
      z.regex(/^[A-Za-z0-9_-]+=*$/, rule('push_key_not_base64url', { label })),
    );

export const pushSubscriptionSchema = z.strictObject({
  endpoint: text({ label: 'The endpoint', min: 1, max: 1000, typeError: rule('push_endpoint_required') }),
  expirationTime: z.optional(z.nullable(z.number(rule('push_expiration_invalid')))),
  keys: z.strictObject(
    { p256dh: key('The p256dh key', 200), auth: key('The auth key', 100) },
    rule('push_keys_required'),
  ),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.strictObject({
  endpoint: text({ label: 'The endpoint', min: 1, max: 1000, typeError: rule('push_endpoint_required') }),
});

/** What the service worker receives and shows. */
export interface PushPayload {
  title: string;
  body: string;
  /** The screen a click opens. */
  url: string;
  /** One notification per thing: a newer one replaces it. */
  tag: string;
}
