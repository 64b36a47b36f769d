import { type CommandContext, runCommand } from '@server/commands/run.ts';
import { yieldToEventLoop } from '@server/eventLoop.ts';
import { sql } from 'kysely';
import type { JobDefinition } from './runner.ts';

export const ANONYMOUS_MEDIA_INTERVAL_MS = 3600 * 1000;
const BATCH = 50;

/** The key an upload from before issue 49 (`u/<member>/<upload>…`) moves to: `m/<upload>…`, no member in it. */
export const keyWithoutMember = (key: string) => key.replace(/^u\/[^/]+\//, 'm/');

/**
 * Uploads made before issue 49 were stored under their member's id (`u/<member id>/…`), so the photo of
 * an anonymous prayer request named its author in its URL. This moves each such request's files to
 * keys that name only the upload, points the upload and the post at them in one transaction, and then
 * removes the old files: the old URLs answer 404. A batch at a time; a file that will not copy leaves
 * its rows as they were (the next run tries again). Returns how many uploads moved.
 */
export async function moveAnonymousMedia(ctx: CommandContext, options: { signal?: AbortSignal } = {}) {
  const { db } = ctx.database;
  let moved = 0;
  const failed = new Set<string>();
  for (;;) {
    const rows = await db
      .selectFrom('media_objects')
      .innerJoin('posts', 'posts.media_id', 'media_objects.id')
      .select(['media_objects.id', 'media_objects.storage_key', 'media_objects.variant_key'])
      .where(sql<boolean>`posts.anonymous`)
      .where('media_objects.storage_key', 'like', 'u/%')
      .orderBy('media_objects.id')
      .limit(BATCH + failed.size)
      .execute();
    const todo = rows.filter((row) => !failed.has(row.id));
    if (todo.length === 0) break;
    for (const row of todo) {
      if (await moveOne(ctx, row)) moved += 1;
      else failed.add(row.id);
    }
    if (options.signal?.aborted) break;
    await yieldToEventLoop();
  }
  return moved;
}

async function moveOne(
  ctx: CommandContext,
  row: { id: string; storage_key: string; variant_key: string | null },
): Promise<boolean> {
  const main = keyWithoutMember(row.storage_key);
  const variant = row.variant_key ? keyWithoutMember(row.variant_key) : null;
  try {
    await ctx.media.copy(row.storage_key, main);
    if (row.variant_key && variant) await ctx.media.copy(row.variant_key, variant);
  } catch (error) {
    ctx.log.warn(
      { err: error, mediaId: row.id },
      'could not copy an anonymous request’s file to its new key',
    );
    return false;
  }
  await runCommand(ctx, async (trx, after) => {
    const updated = await trx
      .updateTable('media_objects')
      .set({ storage_key: main, variant_key: variant })
      .where('id', '=', row.id)
      .where('storage_key', '=', row.storage_key)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return;
    // The post keeps its URLs in its row: the same URLs with the new keys in them.
    const swap = (column: 'image_url' | 'image_feed_url') => {
      let value = sql<string | null>`replace(${sql.ref(column)}, ${row.storage_key}, ${main})`;
      if (row.variant_key && variant) value = sql`replace(${value}, ${row.variant_key}, ${variant})`;
      return value;
    };
    await trx
      .updateTable('posts')
      .set({ image_url: swap('image_url'), image_feed_url: swap('image_feed_url') })
      .where('media_id', '=', row.id)
      .execute();
    after.removeFiles({ id: row.id, storage_key: row.storage_key, variant_key: row.variant_key });
  });
  return true;
}

export function anonymousMediaJob(ctx: CommandContext): JobDefinition {
  return {
    name: 'move-anonymous-media',
    intervalMs: ANONYMOUS_MEDIA_INTERVAL_MS,
    run: async ({ signal }) => {
      await moveAnonymousMedia(ctx, { signal });
    },
  };
}
