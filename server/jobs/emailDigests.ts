import type { Database_ } from '@server/db/database.ts';
import { yieldToEventLoop } from '@server/eventLoop.ts';
import { savedLanguage, translator } from '@server/i18n/translate.ts';
import type { Log } from '@server/log.ts';
import type { Mailer } from '@server/mail/mailer.ts';
import { digestEmail, excerptOf } from '@server/mail/notificationEmails.ts';
import { unsubscribeUrl } from '@server/mail/unsubscribe.ts';
import { notHiddenFrom, notSuspended } from '@server/policies/blocks.ts';
import { groupsOfMember } from '@server/policies/group.ts';
import { textLeavesSplikz } from '@server/policies/prayer.ts';
import { sql } from 'kysely';
import type { JobDefinition } from './runner.ts';

export const EMAIL_DIGEST_INTERVAL_MS = 3600 * 1000;
const BATCH = 200;
const POSTS_SHOWN = 10;
/** A first digest (or one after a long quiet) covers at most the last day. */
const FIRST_WINDOW_MS = 24 * 3600 * 1000;

export interface MailContext {
  database: Pick<Database_, 'db'>;
  mailer: Mailer;
  config: { publicUrl: string; authSecret: string };
  log: Log;
}

/** The UTC day a digest belongs to. */
export const digestDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/**
 * The daily 'New posts' email: for every confirmed member with the switch on and no digest today, the
 * posts of the people they follow since their last digest (hidden and muted members left out). The
 * day's row is claimed before the email goes, so a digest is never sent twice, even by two nodes; a
 * member with nothing new gets no email (the row records the skip, so the hourly run does not ask again).
 * Returns how many emails went.
 */
export async function sendDailyDigests(
  ctx: MailContext,
  options: { now?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const { db } = ctx.database;
  const now = options.now ?? Date.now();
  const day = digestDay(now);
  let after = '';
  let sent = 0;
  for (;;) {
    const members = await db
      .selectFrom('user_settings')
      .innerJoin('user', 'user.id', 'user_settings.user_id')
      .select(['user_settings.user_id as id', 'user.email', 'user_settings.language'])
      .where('user_settings.email_new_posts', '=', true)
      .where('user.emailVerified', '=', true)
      .where('user_settings.user_id', '>', after)
      .where(notSuspended('user_settings.user_id'))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('email_digests')
              .select(sql`1`.as('one'))
              .whereRef('email_digests.user_id', '=', 'user_settings.user_id')
              .where('email_digests.day', '=', day),
          ),
        ),
      )
      .orderBy('user_settings.user_id')
      .limit(BATCH)
      .execute();
    for (const member of members) {
      if (await digestFor(ctx, member, day, now)) sent += 1;
    }
    if (members.length < BATCH || options.signal?.aborted) return sent;
    after = members.at(-1)!.id;
    await yieldToEventLoop();
  }
}

async function digestFor(
  ctx: MailContext,
  member: { id: string; email: string; language: string },
  day: string,
  now: number,
): Promise<boolean> {
  const { db } = ctx.database;
  const last = await db
    .selectFrom('email_digests')
    .select((eb) => eb.fn.max('sent_at').as('at'))
    .where('user_id', '=', member.id)
    .where('post_count', '>', 0)
    .executeTakeFirst();
  const floor = new Date(now - FIRST_WINDOW_MS).toISOString();
  const since = last?.at && String(last.at) > floor ? String(last.at) : floor;
  const recent = db
    .selectFrom('posts')
    .where('posts.created_at', '>', since)
    .where('posts.created_at', '<=', new Date(now).toISOString())
    .where('posts.profile_owner_id', 'is', null)
    .where('posts.user_id', '!=', member.id)
    // An email leaves Splikz: never a request for fewer readers (a group's too), nor an anonymous one.
    .where(textLeavesSplikz)
    // The posts of people they follow, outside groups; a group's posts by the group's own setting
    // ('All posts'), never by following their author.
    .where((eb) =>
      eb.or([
        eb.and([
          eb('posts.group_id', 'is', null),
          eb(
            'posts.user_id',
            'in',
            eb
              .selectFrom('follows')
              .select('follows.following_id')
              .where('follows.follower_id', '=', member.id),
          ),
        ]),
        eb('posts.group_id', 'in', groupsOfMember(db, member.id, { notify: true })),
      ]),
    )
    .where(notHiddenFrom(member.id, 'posts.user_id', { muted: true }));
  const total = Number((await recent.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const posts =
    total === 0
      ? []
      : await recent
          .innerJoin('profiles', 'profiles.id', 'posts.user_id')
          .select([
            'posts.id',
            'posts.content',
            'posts.content_warning',
            'profiles.full_name',
            'profiles.username',
          ])
          .orderBy('posts.created_at', 'desc')
          .limit(POSTS_SHOWN)
          .execute();
  const claimed = await db
    .insertInto('email_digests')
    .values({ user_id: member.id, day, sent_at: new Date(now).toISOString(), post_count: total })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0 || total === 0) return false;
  const language = savedLanguage(member.language);
  const t = translator(language);
  const link = (path: string) => new URL(path, ctx.config.publicUrl).toString();
  try {
    await ctx.mailer.send(
      digestEmail(
        t,
        member.email,
        posts.map((p) => ({
          author: p.full_name || `@${p.username}`,
          // Behind a warning, the mail shows the warning alone, as the feed does.
          excerpt: p.content_warning
            ? t('Content warning: {{warning}}', { warning: excerptOf(p.content_warning) })
            : p.content === '.'
              ? t('A photo or video')
              : excerptOf(p.content),
          url: link(`/post/${p.id}`),
        })),
        total,
        link('/'),
        unsubscribeUrl(ctx.config.publicUrl, ctx.config.authSecret, member.id, 'digest'),
      ),
    );
    return true;
  } catch (error) {
    // The day is claimed: better one digest missed than two sent.
    ctx.log.error({ userId: member.id, err: error }, 'digest email failed');
    return false;
  }
}

export function emailDigestsJob(ctx: MailContext): JobDefinition {
  return {
    name: 'email-digests',
    intervalMs: EMAIL_DIGEST_INTERVAL_MS,
    run: async ({ signal }) => {
      await sendDailyDigests(ctx, { signal });
    },
  };
}
