import {
  type Announcement,
  type AnnouncementList,
  announcementInputSchema,
} from '@common/schemas/announcements.ts';
import { runCommand } from '@server/commands/run.ts';
import type { AppContext } from '@server/context.ts';
import type { DB } from '@server/db/types.ts';
import { parseInput } from '@server/http/validate.ts';
import { createAnnouncement, sendAnnouncements } from '@server/jobs/announcements.ts';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { requireAdmin } from './requireAdmin.ts';

const LISTED = 50;

function listAnnouncements(db: Kysely<DB>, id?: string): Promise<Announcement[]> {
  let query = db
    .selectFrom('announcements')
    .leftJoin('profiles', 'profiles.id', 'announcements.created_by')
    .select((eb) => [
      'announcements.id',
      'announcements.subject',
      'announcements.body',
      'announcements.created_at',
      'announcements.finished_at',
      'profiles.username as author_username',
      eb
        .selectFrom('announcement_deliveries')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('announcement_deliveries.announcement_id', '=', 'announcements.id')
        .as('sent_count'),
    ])
    .orderBy('announcements.created_at', 'desc')
    .limit(LISTED);
  if (id) query = query.where('announcements.id', '=', id);
  return query
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, sent_count: Number(row.sent_count ?? 0) })));
}

/** Updates: admins write an announcement; it is emailed to every member with 'Updates' on. */
export function adminAnnouncementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/admin/announcements', async (request): Promise<AnnouncementList> => {
    await requireAdmin(ctx, request);
    return { announcements: await listAnnouncements(db) };
  });

  app.post('/api/admin/announcements', async (request, reply): Promise<Announcement> => {
    const admin = await requireAdmin(ctx, request);
    const input = parseInput(announcementInputSchema, request.body);
    const id = await runCommand(ctx, (trx) => createAnnouncement(trx, admin.userId, input));
    // The first batch goes with the request (the admin sees it counted); the minutely job sends the rest,
    // and picks up after a restart or a failure.
    await sendAnnouncements(ctx, { maxBatches: 1 });
    const [announcement] = await listAnnouncements(db, id);
    return reply.status(201).send(announcement);
  });
}
