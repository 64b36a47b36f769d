import { text } from '@common/schemas/fields.ts';
import { ALT_TEXT_MAX_LENGTH } from '@common/schemas/postLimits.ts';
import fastifyMultipart from '@fastify/multipart';
import type { AppContext } from '@server/context.ts';
import type { DB } from '@server/db/types.ts';
import { HttpError, notFound } from '@server/http/errors.ts';
import { mastodonScope } from '@server/http/mastodonScope.ts';
import { enforceLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import type { MediaObjectRow } from '@server/media/mediaObjects.ts';
import { UploadQuotaExceeded } from '@server/media/uploadQuota.ts';
import { requireAppMember } from '@server/oauth/appTokens.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type IdParams = { Params: { id: string } };

const descriptionSchema = z.object({
  description: z.optional(
    z.nullable(text({ label: 'The description', max: ALT_TEXT_MAX_LENGTH, multiline: true })),
  ),
  focus: z.optional(z.unknown()),
});

/** An upload as Mastodon's MediaAttachment. */
export function presentAttachment(ctx: AppContext, row: MediaObjectRow) {
  const url = ctx.media.publicUrl(row.storage_key);
  const absolute = url.startsWith('http') ? url : `${ctx.config.publicUrl}${url}`;
  const preview = row.variant_key ? ctx.media.publicUrl(row.variant_key) : url;
  const previewUrl = preview.startsWith('http') ? preview : `${ctx.config.publicUrl}${preview}`;
  const original =
    row.width && row.height
      ? {
          width: row.width,
          height: row.height,
          size: `${row.width}x${row.height}`,
          aspect: row.width / row.height,
        }
      : undefined;
  return {
    id: row.id,
    type: row.kind === 'video' ? 'video' : 'image',
    url: absolute,
    preview_url: previewUrl,
    remote_url: null,
    text_url: null,
    meta: original ? { original, ...(row.duration_ms ? { duration: row.duration_ms / 1000 } : {}) } : {},
    description: row.description,
    blurhash: null,
  };
}

async function ownUpload(db: Kysely<DB>, userId: string, id: string): Promise<MediaObjectRow> {
  if (!/^[0-9a-zA-Z-]{1,64}$/.test(id)) throw notFound('invalid_media');
  const row = await db
    .selectFrom('media_objects')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // Another member's upload is as missing as one that never was.
  if (!row) throw notFound('invalid_media');
  return row;
}

/**
 * Mastodon's media routes (issue 53): POST /api/v2/media and /api/v1/media go through the web app's
 * own upload (sniffing, re-encoding, the 10 s video limit, the daily quota); `description` is the
 * photo's alt text, which the post it goes into takes.
 */
export function mastodonMediaRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  upload: {
    limit: Limiter;
    receive: (
      request: FastifyRequest,
      userId: string,
      checkFields: (fields: { description: string | null }) => void,
    ) => Promise<{ row: MediaObjectRow; description: string | null }>;
  },
): void {
  const { db } = ctx.database;
  mastodonScope(
    app,
    async (api) => {
      await api.register(fastifyMultipart);
      for (const url of ['/api/v2/media', '/api/v1/media']) {
        api.post(url, async (request) => {
          const { viewer } = await requireAppMember(db, request, 'write:media');
          await enforceLimit(upload.limit, request);
          let received: Awaited<ReturnType<typeof upload.receive>>;
          try {
            received = await upload.receive(request, viewer.userId, (fields) => {
              parseInput(descriptionSchema, { description: fields.description ?? undefined });
            });
          } catch (error) {
            if (error instanceof UploadQuotaExceeded)
              throw HttpError.of(429, 'upload_quota_reached').waitFor(error.retryAfterSeconds ?? 60);
            throw error;
          }
          const { description } = parseInput(descriptionSchema, {
            description: received.description ?? undefined,
          });
          let row = received.row;
          if (description) {
            await db.updateTable('media_objects').set({ description }).where('id', '=', row.id).execute();
            row = { ...row, description };
          }
          return presentAttachment(ctx, row);
        });
      }

      api.get<IdParams>('/api/v1/media/:id', async (request) => {
        const { viewer } = await requireAppMember(db, request, 'write:media');
        return presentAttachment(ctx, await ownUpload(db, viewer.userId, request.params.id));
      });

      api.put<IdParams>('/api/v1/media/:id', async (request) => {
        const { viewer } = await requireAppMember(db, request, 'write:media');
        const row = await ownUpload(db, viewer.userId, request.params.id);
        const { description } = parseInput(descriptionSchema, request.body ?? {});
        const attached = await db
          .selectFrom('posts')
          .select('id')
          .where('media_id', '=', row.id)
          .executeTakeFirst();
        if (attached) throw HttpError.of(422, 'media_attached');
        await db
          .updateTable('media_objects')
          .set({ description: description || null })
          .where('id', '=', row.id)
          .execute();
        return presentAttachment(ctx, { ...row, description: description || null });
      });
    },
    { multipartFields: false },
  );
}
