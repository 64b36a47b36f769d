import { z } from 'zod/mini';
import { defineErrors, rulesOf } from '../errorTemplates.ts';
import { fieldRule, text } from './fields.ts';

/** Polls (issue 51): 2 to 4 options of up to 50 characters, open 5 minutes to 7 days. */
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 4;
export const POLL_OPTION_MAX_LENGTH = 50;
export const POLL_LENGTH_MIN_S = 5 * 60;
export const POLL_LENGTH_MAX_S = 7 * 24 * 60 * 60;
/** 'Poll length' in the composer, in seconds. */
export const POLL_LENGTHS = [300, 1800, 3600, 21_600, 86_400, 259_200, 604_800] as const;

export const POLL_ERRORS = defineErrors({
  poll_invalid: 'poll must be an object with options and expires_in.',
  poll_options_count: 'A poll has {{min}} to {{max}} options.',
  poll_options_repeated: 'Each option of a poll must be different.',
  poll_length_invalid: 'A poll lasts from 5 minutes to 7 days (expires_in: {{min}} to {{max}} seconds).',
  poll_with_media: 'A post can have a poll or a photo or video, not both.',
  poll_not_found: 'This post has no poll.',
  poll_ended: 'This poll has ended.',
  poll_already_voted: 'You have already voted in this poll.',
  poll_choices_invalid: 'Choose one of the options ({{max}} at most, each once).',
  poll_one_choice: 'This poll takes one choice.',
});
const { rule } = rulesOf(POLL_ERRORS);

const optionsCount = rule('poll_options_count', { min: POLL_OPTIONS_MIN, max: POLL_OPTIONS_MAX });

/** A post's poll as it is written (POST /api/posts `poll`). */
export const pollInputSchema = z.strictObject(
  {
    options: z
      .array(text({ label: 'A poll option', min: 1, max: POLL_OPTION_MAX_LENGTH }), optionsCount)
      .check(
        z.minLength(POLL_OPTIONS_MIN, optionsCount),
        z.maxLength(POLL_OPTIONS_MAX, optionsCount),
        z.refine(
          (options: string[]) =>
            new Set(options.map((o) => o.toLocaleLowerCase('und'))).size === options.length,
          rule('poll_options_repeated'),
        ),
      ),
    /** Seconds from now until the poll ends. */
    expires_in: z
      .number(rule('poll_length_invalid', { min: POLL_LENGTH_MIN_S, max: POLL_LENGTH_MAX_S }))
      .check(
        z.int(rule('poll_length_invalid', { min: POLL_LENGTH_MIN_S, max: POLL_LENGTH_MAX_S })),
        z.gte(
          POLL_LENGTH_MIN_S,
          rule('poll_length_invalid', { min: POLL_LENGTH_MIN_S, max: POLL_LENGTH_MAX_S }),
        ),
        z.lte(
          POLL_LENGTH_MAX_S,
          rule('poll_length_invalid', { min: POLL_LENGTH_MIN_S, max: POLL_LENGTH_MAX_S }),
        ),
      ),
    /** 'Allow multiple choices'. */
    multiple: z._default(z.boolean(fieldRule('not_boolean', { name: 'multiple' })), false),
  },
  rule('poll_invalid'),
);
export type PollInput = z.input<typeof pollInputSchema>;

/** POST /api/posts/:id/poll/votes: the options chosen, by their place (0 first). */
export const pollVoteSchema = z.strictObject({
  choices: z
    .array(
      z
        .number(rule('poll_choices_invalid', { max: POLL_OPTIONS_MAX }))
        .check(
          z.int(rule('poll_choices_invalid', { max: POLL_OPTIONS_MAX })),
          z.gte(0, rule('poll_choices_invalid', { max: POLL_OPTIONS_MAX })),
          z.lt(POLL_OPTIONS_MAX, rule('poll_choices_invalid', { max: POLL_OPTIONS_MAX })),
        ),
      rule('poll_choices_invalid', { max: POLL_OPTIONS_MAX }),
    )
    .check(
      z.minLength(1, rule('poll_choices_invalid', { max: POLL_OPTIONS_MAX })),
      z.maxLength(POLL_OPTIONS_MAX, rule('poll_choices_invalid', { max: POLL_OPTIONS_MAX })),
      z.refine(
        (choices: number[]) => new Set(choices).size === choices.length,
        rule('poll_choices_invalid', { max: POLL_OPTIONS_MAX }),
      ),
    ),
});
export type PollVote = z.infer<typeof pollVoteSchema>;

/**
 * A post's poll as every viewer sees it: its options with their votes, whether several may be chosen,
 * when it ends, how many votes and voters. Whether the viewer voted is theirs (`voted_by_me` on the
 * post); the card shows the results once they voted or it ended.
 */
export const pollSchema = z.object({
  options: z.array(z.object({ title: z.string(), votes_count: z.number() })),
  multiple: z.boolean(),
  expires_at: z.string(),
  votes_count: z.number(),
  voters_count: z.number(),
});
export type Poll = z.infer<typeof pollSchema>;
