import {
  LINK_CARD_IMAGE_MAX_BYTES,
  LINK_CARD_IMAGE_WIDTH,
  LINK_CARD_MAX_REDIRECTS,
  LINK_CARD_PAGE_MAX_BYTES,
  LINK_CARD_TIMEOUT_MS,
  type LinkCard,
} from '@common/schemas/linkCards.ts';
import { giveUpCard, saveCard } from '@server/commands/linkCards.ts';
import { type CommandContext, runCommand } from '@server/commands/run.ts';
import { yieldToEventLoop } from '@server/eventLoop.ts';
import { HttpError } from '@server/http/errors.ts';
import { readCard } from '@server/linkCards/readCard.ts';
import { type MediaObjectRow, removeMediaFiles } from '@server/media/mediaObjects.ts';
import { processCardImage } from '@server/media/photos.ts';
import { uploadKeyBase } from '@server/media/storeUpload.ts';
import {
  decodeText,
  FetchRefused,
  HTML_PAGE,
  type SafeFetchOptions,
  safeFetch,
} from '@server/net/safeFetch.ts';
import { v7 as uuidv7 } from 'uuid';
import type { JobDefinition } from './runner.ts';

/**
 * Link cards (issue 51), the reading: the page a post's first link points to and its image, read
 * through the one safe fetch (server/net/safeFetch.ts: public addresses only, every redirect checked,
 * size and time limits), outside any transaction; the image re-encoded (media/photos.ts) and stored as
 * an upload of the post's author, so a member's browser never loads the site. The node that wrote the
 * post reads its card at once (`after.readCard`); the job reads what a stopped node left.
 */

export interface LinkCardOptions {
  /** Sent as User-Agent. */
  userAgent: string;
  /** LINK_PREVIEW_ALLOW_PRIVATE: private addresses and ranges read anyway (the tests' fixture site). */
  allow: readonly string[];
  /** Tests shorten it. */
  timeoutMs?: number;
}

export interface LinkCardReader {
  /** Reads the post's card if it still waits for one; not awaited, never throws. */
  read(postId: string): void;
  /** Reads the cards that waited longer than a minute (another node stopped before reading them). */
  readLeft(options?: { signal?: AbortSignal; now?: number }): Promise<number>;
  /** Resolves once every read this node began has ended (tests; closing the app). */
  idle(): Promise<void>;
}

/** A read still pending after this long was left by a node that stopped (or failed once). */
export const LEFT_CARD_AFTER_MS = 60_000;
export const LINK_CARDS_INTERVAL_MS = 60_000;

export function createLinkCardReader(ctx: CommandContext, options: LinkCardOptions): LinkCardReader {
  const reading = new Map<string, Promise<void>>();
  const fetchOptions = (accept: string, types: RegExp, maxBytes: number): SafeFetchOptions => ({
    userAgent: options.userAgent,
    allow: options.allow,
    timeoutMs: options.timeoutMs ?? LINK_CARD_TIMEOUT_MS,
    maxRedirects: LINK_CARD_MAX_REDIRECTS,
    accept,
    types,
    maxBytes,
  });
  const pageOptions = fetchOptions(HTML_PAGE.accept, HTML_PAGE.types, LINK_CARD_PAGE_MAX_BYTES);
  const imageOptions = fetchOptions(
    'image/webp,image/png,image/jpeg,image/gif;q=0.8',
    /^\s*image\//i,
    LINK_CARD_IMAGE_MAX_BYTES,
  );

  /** Why a read gave no card (or no image), for the log: never the member's business. */
  const refused = (error: unknown, url: string, what: string) => {
    if (!(error instanceof FetchRefused) && !(error instanceof HttpError)) throw error;
    ctx.log.warn({ url, refused: String((error as Error).message) }, `no link card ${what}`);
    return null;
  };

  /** The image, re-encoded and stored: the upload row to save with the card (files already written). */
  async function storeImage(imageUrl: string, userId: string): Promise<MediaObjectRow | null> {
    const fetched = await safeFetch(imageUrl, imageOptions).catch((e) => refused(e, imageUrl, 'image'));
    if (!fetched) return null;
    const processed = await processCardImage(Buffer.from(fetched.body), LINK_CARD_IMAGE_WIDTH).catch((e) =>
      refused(e, imageUrl, 'image'),
    );
    if (!processed) return null;
    const id = uuidv7();
    const row: MediaObjectRow = {
      description: null,
      id,
      user_id: userId,
      storage_key: `${uploadKeyBase(id)}.${processed.image.extension}`,
      variant_key: null,
      kind: 'photo',
      content_type: processed.image.contentType,
      size_bytes: processed.image.data.length,
      width: processed.width,
      height: processed.height,
      duration_ms: null,
      created_at: new Date().toISOString(),
    };
    await ctx.media.put(row.storage_key, processed.image.data, row.content_type);
    return row;
  }

  async function readOne(postId: string): Promise<void> {
    const post = await ctx.database.db
      .selectFrom('posts')
      .select(['user_id', 'card_url', 'card_state'])
      .where('id', '=', postId)
      .executeTakeFirst();
    if (!post?.card_url || post.card_state !== 'pending') return;
    const url = post.card_url;
    const page = await safeFetch(url, pageOptions).catch((e) => refused(e, url, 'page'));
    const found = page ? readCard(decodeText(page), page.url) : null;
    const image = found?.imageUrl ? await storeImage(found.imageUrl, post.user_id) : null;
    const card: LinkCard | null = found && {
      url,
      title: found.title,
      description: found.description,
      site: found.site,
      image_url: image ? ctx.media.publicUrl(image.storage_key) : null,
      image_width: image?.width ?? null,
      image_height: image?.height ?? null,
    };
    let saved = false;
    try {
      saved = await runCommand(ctx, (trx, after) => saveCard(trx, after, postId, url, card, image));
    } finally {
      if (!saved && image) await removeMediaFiles(ctx.media, image).catch(() => {});
    }
  }

  const read = (postId: string): Promise<void> => {
    const running = reading.get(postId);
    if (running) return running;
    const promise = readOne(postId)
      .catch((error: unknown) => ctx.log.error({ err: error, postId }, 'could not read a link card'))
      .finally(() => reading.delete(postId));
    reading.set(postId, promise);
    return promise;
  };

  return {
    read: (postId) => void read(postId),
    async readLeft({ signal, now = Date.now() } = {}) {
      const before = new Date(now - LEFT_CARD_AFTER_MS).toISOString();
      let count = 0;
      for (;;) {
        const left = await ctx.database.db
          .selectFrom('posts')
          .select('id')
          .where('card_state', '=', 'pending')
          .where('updated_at', '<', before)
          .orderBy('updated_at')
          .limit(10)
          .execute();
        if (left.length === 0) return count;
        for (const { id } of left) {
          await read(id);
          // Read twice and still waiting (an error each time): no card, rather than trying for ever.
          await runCommand(ctx, (trx) => giveUpCard(trx, id, before));
          count += 1;
        }
        if (signal?.aborted) return count;
        await yieldToEventLoop();
      }
    },
    async idle() {
      while (reading.size > 0) await Promise.all(reading.values());
    },
  };
}

export function linkCardsJob(reader: LinkCardReader): JobDefinition {
  return {
    name: 'link-cards',
    intervalMs: LINK_CARDS_INTERVAL_MS,
    run: async ({ signal }) => {
      await reader.readLeft({ signal });
    },
  };
}
