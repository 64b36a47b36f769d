import { MENTIONS_PER_POST, type Mention, mentionedUsernames } from '@common/text/postText.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest } from '@server/http/errors.ts';
import { notHiddenFrom } from '@server/policies/blocks.ts';
import { mentionReaches } from '@server/policies/post.ts';
import type { Visibility } from '@server/policies/prayer.ts';
import type { Transaction } from 'kysely';
import { notify } from './notifications.ts';
import type { After } from './run.ts';

/**
 * Whom a text's '@username's name (issue 51): the members of those usernames the writer may see, in
 * the order the text names them. More than MENTIONS_PER_POST is refused (too_many_mentions); a name
 * of no member, or of one hidden from the writer, stays text.
 */
export async function mentionsIn(
  trx: Transaction<DB>,
  writerId: string,
  text: string,
  /** 'keep first': past the limit, the first ones count (a wall post approved after it was checked). */
  overLimit: 'refuse' | 'keep first' = 'refuse',
): Promise<Mention[]> {
  const names = mentionedUsernames(text);
  if (names.length === 0) return [];
  const rows = await trx
    .selectFrom('profiles')
    .select(['id', 'username'])
    .where('username', 'in', names)
    .where(notHiddenFrom(writerId, 'profiles.id'))
    .execute();
  if (rows.length > MENTIONS_PER_POST && overLimit === 'refuse') {
    throw badRequest('too_many_mentions', { max: MENTIONS_PER_POST });
  }
  const byName = new Map(rows.map((row) => [row.username, row.id]));
  const mentions = names.flatMap((username) => {
    const id = byName.get(username);
    return id ? [{ id, username }] : [];
  });
  return mentions.slice(0, MENTIONS_PER_POST);
}

/** The JSON a post's or comment's `mentions` column keeps (null for none). */
export function mentionsColumn(mentions: Mention[]): string | null {
  return mentions.length > 0 ? JSON.stringify(mentions) : null;
}

type MentionedPost = {
  id: string;
  user_id: string;
  group_id: string | null;
  category: string;
  visibility: Visibility;
  anonymous?: boolean | number;
};

/**
 * '<name> mentioned you': the bell, a push and an email (each under the member's switches) for each
 * member `mentions` names that `already` did not (an edit tells only the newly named), where the
 * policy lets the mention reach them (policies/post.ts mentionReaches).
 */
export async function tellMentioned(
  trx: Transaction<DB>,
  after: After,
  writerId: string,
  post: MentionedPost,
  mentions: Mention[],
  already: Mention[] = [],
): Promise<void> {
  const told = new Set(already.map((m) => m.id));
  for (const { id } of mentions) {
    if (told.has(id)) continue;
    told.add(id);
    if (!(await mentionReaches(trx, id, writerId, post))) continue;
    const sent = await notify(trx, after, {
      userId: id,
      fromUserId: writerId,
      type: 'mention',
      postId: post.id,
    });
    if (sent) after.email({ kind: 'mention', userId: id, fromUserId: writerId, postId: post.id });
  }
}
