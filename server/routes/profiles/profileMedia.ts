import { MEDIA_LIMITS } from '@common/schemas/media.ts';
import {
  avatarInputSchema,
  coverInputSchema,
  type ProfilePage,
  profileVideoInputSchema,
} from '@common/schemas/profiles.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import { moveCover, replaceProfileMedia } from '@server/commands/profileMedia.ts';
import { type Command, runCommand } from '@server/commands/run.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { badRequest } from '@server/http/errors.ts';
import { parseInput } from '@server/http/validate.ts';
import { ownProfilePage } from '@server/queries/profiles.ts';
import type { FastifyInstance } from 'fastify';

/** The owner's avatar, cover (photo or video, and its position) and 3-second profile video. */
export function profileMediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** Runs a change of the viewer's profile pictures and answers with their page as it now is. */
  async function change(viewer: Viewer, command: Command<void>): Promise<ProfilePage> {
    await runCommand(ctx, command);
    return ownProfilePage(ctx.database.db, viewer);
  }

  app.patch('/api/profiles/me/avatar', async (request): Promise<ProfilePage> => {
    const viewer = await requireViewer(ctx, request);
    const { media_id } = parseInput(avatarInputSchema, request.body);
    return change(viewer, (trx, after) =>
      replaceProfileMedia(trx, after, viewer, 'avatar', {
        mediaId: media_id,
        urls: ctx.media,
        check: (media) => {
          if (media.kind !== 'photo') throw badRequest('not_a_photo');
          return media.feed_url ?? media.url;
        },
      }),
    );
  });

  app.patch('/api/profiles/me/cover', async (request): Promise<ProfilePage> => {
    const viewer = await requireViewer(ctx, request);
    const input = parseInput(coverInputSchema, request.body);
    const mediaId = input.media_id;
    if (!mediaId) return change(viewer, (trx) => moveCover(trx, viewer, input.position));
    return change(viewer, (trx, after) =>
      replaceProfileMedia(
        trx,
        after,
        viewer,
        'cover',
        { mediaId, urls: ctx.media, check: (media) => media.url },
        { cover_photo_position: input.position },
      ),
    );
  });

  app.put('/api/profiles/me/video', async (request): Promise<ProfilePage> => {
    const viewer = await requireViewer(ctx, request);
    const { media_id } = parseInput(profileVideoInputSchema, request.body);
    return change(viewer, (trx, after) =>
      replaceProfileMedia(trx, after, viewer, 'video', {
        mediaId: media_id,
        urls: ctx.media,
        check: (media) => {
          if (media.kind !== 'video') {
            throw badRequest('not_a_video');
          }
          const seconds = (media.duration_ms ?? 0) / 1000;
          if (seconds > MEDIA_LIMITS.profileVideoSeconds + MEDIA_LIMITS.videoToleranceSeconds) {
            throw badRequest('profile_video_too_long', {
              max: MEDIA_LIMITS.profileVideoSeconds,
              seconds: seconds.toFixed(1),
            });
          }
          return media.url;
        },
      }),
    );
  });

  app.delete('/api/profiles/me/video', async (request): Promise<ProfilePage> => {
    const viewer = await requireViewer(ctx, request);
    return change(viewer, (trx, after) => replaceProfileMedia(trx, after, viewer, 'video', null));
  });
}
