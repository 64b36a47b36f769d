import { z } from 'zod/mini';
import { text } from './fields.ts';

/** A browser's push subscription, as PushSubscription.toJSON() gives it. */
const key = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .check(
      z.minLength(1, `${label} is required.`),
      z.maxLength(max, `${label} is too long.`),
      z.regex(/^[A-Za-z0-9_-]+=*$/, `${label} must be base64url.`),
    );

export const pushSubscriptionSchema = z.strictObject({
  endpoint: text({ label: 'The endpoint', min: 1, max: 1000, typeError: 'The endpoint is required.' }),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.strictObject(
    { p256dh: key('The p256dh key', 200), auth: key('The auth key', 100) },
    {
      error: 'The keys are required.',
    },
  ),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.strictObject({
  endpoint: text({ label: 'The endpoint', min: 1, max: 1000, typeError: 'The endpoint is required.' }),
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
