import type { LinkCard } from '@common/schemas/linkCards.ts';
import { splitText } from '@common/text/postText.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import type { DB, MediaObjectsTable } from '@server/db/types.ts';
import { forbidden, notFound } from '@server/http/errors.ts';
import { findVisiblePost } from '@server/queries/posts.ts';
import { type Insertable, PostgresAdapter, type Transaction } from 'kysely';
import type { After } from './run.ts';
import { releaseUploads } from './uploads.ts';

/**
 * Link cards (issue 51), the writes: a post with a link waits for its card ('pending', migration
 * 20261203T0900) from the moment it is written; the card is read outside any transaction (the page
 * and its image, server/jobs/linkCards.ts) and saved here if the post still waits for that link's
 * card; the author may take it off.
 */

/** The first link of a post's text (what its card is of), or null. */
export function firstLink(content: string): string | null {
  return splitText(content).find((part) => part.kind === 'link')?.value ?? null;
}

/** A new post's card columns: waiting for the card of its first link, if it has one. */
export function newPostCard(content: string) {
  const url = firstLink(content);
  return { card_url: url, card_state: url ? ('pending' as const) : null };
}

/**
 * An edit's card columns: the same first link keeps its card (or its removal, or its absence); another
 * link waits for its own card, and the old card's image is let go. Undefined when nothing changes.
 */
export async function editPostCard(
  trx: Transaction<DB>,
  after: After,
  content: string,
  before: { card_url: string | null; card_media_id: string | null },
) {
  const url = firstLink(content);
  if (url === before.card_url) return undefined;
  const columns = {
    card_url: url,
    card_state: url ? ('pending' as const) : null,
    card: null,
    card_media_id: null,
  };
  return {
    columns,
    /** Once the post no longer shows it. */
    release: () => releaseUploads(trx, after, [before.card_media_id]),
  };
}

/**
 * Saves a card read for `url` (or that there is none: `card` null) if the post still waits for that
 * link's card: an edit or a removal in between wins, and false says the image was not taken (its
 * files are the caller's to remove). The author's open tabs are told (they show the card at once).
 */
export async function saveCard(
  trx: Transaction<DB>,
  after: After,
  postId: string,
  url: string,
  card: LinkCard | null,
  image: Insertable<MediaObjectsTable> | null,
): Promise<boolean> {
  let query = trx.selectFrom('posts').select(['user_id', 'card_url', 'card_state']).where('id', '=', postId);
  // PostgreSQL: an edit at the same moment waits, or this waits for it.
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const post = await query.executeTakeFirst();
  if (!post || post.card_url !== url || post.card_state !== 'pending') return false;
  if (image) await trx.insertInto('media_objects').values(image).execute();
  await trx
    .updateTable('posts')
    .set({
      card: card ? JSON.stringify(card) : null,
      card_state: card ? 'ready' : 'none',
      card_media_id: image?.id ?? null,
    })
    .where('id', '=', postId)
    .execute();
  if (card) after.emitToUser([post.user_id], 'post:card', { post_id: postId });
  return true;
}

/**
 * The author takes the card off their post (or stops it coming): it stays off while the post keeps
 * that first link. Another member gets 403, a post without a link (or whose card is off) 404.
 */
export async function removeCard(
  trx: Transaction<DB>,
  after: After,
  viewer: Viewer,
  postId: string,
): Promise<void> {
  const post = await findVisiblePost(trx, viewer, postId);
  if (post.user_id !== viewer.userId) throw forbidden('link_card_author_only');
  // While it is read, or when the page gave none, it is kept from coming; only a post without a link,
  // or one whose card is already off, has none to remove.
  if (!post.card_url || post.card_state === 'removed') throw notFound('link_card_not_found');
  await trx
    .updateTable('posts')
    .set({ card: null, card_state: 'removed', card_media_id: null })
    .where('id', '=', postId)
    .execute();
  await releaseUploads(trx, after, [post.card_media_id]);
}

/** A card still waiting since before `before` after a second read: it will not come. */
export async function giveUpCard(trx: Transaction<DB>, postId: string, before: string): Promise<void> {
  await trx
    .updateTable('posts')
    .set({ card_state: 'none' })
    .where('id', '=', postId)
    .where('card_state', '=', 'pending')
    .where('updated_at', '<', before)
    .execute();
}
