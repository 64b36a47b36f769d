import { z } from 'zod/mini';
import { defineErrors, rulesOf } from '../errorTemplates.ts';
import { POLL_ERRORS, POLL_OPTIONS_MAX, pollVoteSchema } from './polls.ts';

/**
 * The Mastodon client API's bodies (issue 53), as its apps send them (JSON or forms, where every
 * value may arrive as a string). They become the web app's own inputs, which the web app's schemas
 * then check: no rule about a post is written twice.
 */
export const MASTODON_ERRORS = defineErrors({
  status_visibility_direct:
    "Splikz has no direct posts: send a message in Messages instead, or choose 'public' or 'private'.",
  status_scheduled: 'Splikz cannot schedule posts yet: leave out scheduled_at.',
  status_too_many_media: 'A Splikz post carries one photo or video.',
  status_not_text: '{{field}} must be text.',
  status_unreblog: 'Splikz counts shares without keeping who shared, so a share cannot be taken back.',
  idempotency_in_progress: 'The same post is being sent already: wait for its answer.',
  idempotency_key_invalid: 'Idempotency-Key must be at most 200 characters of text.',
  stream_unknown: 'Unknown stream: use user, public or hashtag (with tag).',
  too_many_streams: 'Too many streams are open with this access token. Close one first.',
  status_comment_action:
    'A reply in Splikz is a comment: like, share, bookmark or edit the post it answers instead.',
});
const { rule } = rulesOf(MASTODON_ERRORS);
const { rule: pollRule } = rulesOf(POLL_ERRORS);

const textOrNothing = (field: string) => z.optional(z.nullable(z.string(rule('status_not_text', { field }))));
/** `true`, `"true"`, `"1"` and `"on"` are yes, as Mastodon's Rails reads them. */
const flag = z.optional(
  z.pipe(
    z.union([z.boolean(), z.string(), z.number()]),
    z.transform(
      (value) => value === true || value === 1 || ['true', '1', 'on'].includes(String(value).toLowerCase()),
    ),
  ),
);

export const createStatusSchema = z.object({
  status: textOrNothing('status'),
  media_ids: z.optional(z.union([z.array(z.string()), z.string()])),
  in_reply_to_id: textOrNothing('in_reply_to_id'),
  sensitive: flag,
  spoiler_text: textOrNothing('spoiler_text'),
  visibility: z.optional(
    z.nullable(
      z.enum(['public', 'unlisted', 'private', 'direct'], rule('status_not_text', { field: 'visibility' })),
    ),
  ),
  language: z.optional(z.unknown()),
  scheduled_at: textOrNothing('scheduled_at'),
  poll: z.optional(
    z.object({
      options: z.union([z.array(z.unknown()), z.unknown()]),
      expires_in: z.optional(z.union([z.number(), z.string()])),
      multiple: flag,
      hide_totals: z.optional(z.unknown()),
    }),
  ),
});
export type CreateStatusInput = z.infer<typeof createStatusSchema>;

const choiceRule = pollRule('poll_choices_invalid', { max: POLL_OPTIONS_MAX });
/** A choice as apps send it: a number in JSON, digits in a form (`choices[]=0`). */
const choiceInput = z.union(
  [z.number(choiceRule), z.string(choiceRule).check(z.regex(/^\d{1,2}$/, choiceRule))],
  choiceRule,
);

/** POST /api/v1/polls/:id/votes: the choices, by their place, then the web app's own vote check. */
export const pollVotesSchema = z.object({
  choices: z.pipe(
    z.pipe(
      z.array(choiceInput, choiceRule),
      z.transform((choices) => choices.map(Number)),
    ),
    pollVoteSchema.shape.choices,
  ),
});

export const editStatusSchema = z.object({
  status: textOrNothing('status'),
  spoiler_text: textOrNothing('spoiler_text'),
  sensitive: flag,
  media_ids: z.optional(z.union([z.array(z.string()), z.string()])),
  language: z.optional(z.unknown()),
  poll: z.optional(z.unknown()),
});
