import type {
  QueueReport,
  ReportReason,
  ReportStatus,
  ReportsPage,
  ReportTargetType,
} from '@common/schemas/reports.ts';
import type { DB } from '@server/db/types.ts';
import { canSeeMember } from '@server/policies/blocks.ts';
import type { Kysely, Transaction } from 'kysely';
import { decodeIdCursor, encodeIdCursor } from './admin.ts';
import { getComment, getPost } from './posts.ts';

type Db = Kysely<DB> | Transaction<DB>;

const EXCERPT_MAX = 300;
const excerptOf = (text: string) => (text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text);

/** What a reporter reports: the member responsible and what it said. */
export interface ReportTarget {
  userId: string;
  excerpt: string;
}

/**
 * The thing a member reports, as that member may see it: a post or comment they can see, a message
 * they received, a circle (any they can open, not hosted by someone hidden from them), a member whose
 * profile they can see. Anything else is null, answered as "no longer available".
 */
export async function findReportTarget(
  db: Db,
  reporterId: string,
  type: ReportTargetType,
  id: string,
): Promise<ReportTarget | null> {
  switch (type) {
    case 'post': {
      const post = await getPost(db as Kysely<DB>, reporterId, id);
      if (!post) return null;
      // Its author as stored: an anonymous request's is hidden from the reporter, not from moderators.
      const { user_id: authorId } = await db
        .selectFrom('posts')
        .select('user_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const media = post.media_type === 'video' ? '[video] ' : post.image_url ? '[photo] ' : '';
      return { userId: authorId, excerpt: excerptOf(`${media}${post.content}`.trim()) };
    }
    case 'comment': {
      const comment = await getComment(db as Kysely<DB>, id);
      if (!comment || !(await getPost(db as Kysely<DB>, reporterId, comment.post_id))) return null;
      if (!(await canSeeMember(db, reporterId, comment.author.id))) return null;
      return { userId: comment.author.id, excerpt: excerptOf(comment.content) };
    }
    case 'message': {
      const message = await db
        .selectFrom('messages')
        .select(['sender_id', 'content'])
        .where('id', '=', id)
        .where('receiver_id', '=', reporterId)
        .executeTakeFirst();
      return message ? { userId: message.sender_id, excerpt: excerptOf(message.content) } : null;
    }
    case 'circle': {
      const circle = await db
        .selectFrom('faith_circles')
        .select(['host_id', 'title', 'topic'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!circle || !(await canSeeMember(db, reporterId, circle.host_id))) return null;
      const topic = circle.topic ? ` — ${circle.topic}` : '';
      return { userId: circle.host_id, excerpt: excerptOf(`${circle.title}${topic}`) };
    }
    case 'member': {
      const profile = await db
        .selectFrom('profiles')
        .select(['id', 'username', 'full_name', 'bio'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!profile || !(await canSeeMember(db, reporterId, profile.id))) return null;
      const bio = profile.bio ? `: ${profile.bio}` : '';
      return { userId: profile.id, excerpt: excerptOf(`${profile.full_name} (@${profile.username})${bio}`) };
    }
  }
}

/** Whether the reported thing is still there (a moderator removed it, or its author deleted it). */
async function existingTargets(db: Db, type: ReportTargetType, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const table = {
    post: 'posts',
    comment: 'comments',
    message: 'messages',
    circle: 'faith_circles',
    member: 'profiles',
  } as const;
  if (type === 'circle') {
    const rows = await db
      .selectFrom('faith_circles')
      .select('id')
      .where('id', 'in', ids)
      .where('status', '!=', 'ended')
      .execute();
    return new Set(rows.map((r) => r.id));
  }
  if (type === 'message') {
    // A removed message stays in its conversation with the moderator's note instead of its text.
    const rows = await db
      .selectFrom('messages')
      .select('id')
      .where('id', 'in', ids)
      .where('removed_at', 'is', null)
      .execute();
    return new Set(rows.map((r) => r.id));
  }
  const rows = await db.selectFrom(table[type]).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** Where the queue links to: the post page, the comment's post, the circle, the profile. */
async function targetPaths(db: Db, reports: { target_type: string; target_id: string }[]) {
  const paths = new Map<string, string>();
  const commentIds = reports.filter((r) => r.target_type === 'comment').map((r) => r.target_id);
  const comments = commentIds.length
    ? await db.selectFrom('comments').select(['id', 'post_id']).where('id', 'in', commentIds).execute()
    : [];
  const commentPost = new Map(comments.map((c) => [c.id, c.post_id]));
  for (const r of reports) {
    const key = `${r.target_type}:${r.target_id}`;
    if (r.target_type === 'post') paths.set(key, `/post/${r.target_id}`);
    if (r.target_type === 'comment' && commentPost.has(r.target_id)) {
      paths.set(key, `/post/${commentPost.get(r.target_id)}`);
    }
    if (r.target_type === 'circle') paths.set(key, `/faithverse/c/${r.target_id}`);
  }
  return paths;
}

/**
 * The moderation queue: open reports (or the handled ones), newest first, paged by id (UUIDv7). Each
 * carries the reporter, the member responsible, how many open reports the same thing has and
 * whether it is still there.
 */
export async function listReports(
  db: Db,
  { status, cursor, limit }: { status: 'open' | 'resolved'; cursor?: string | undefined; limit: number },
): Promise<ReportsPage> {
  let query = db
    .selectFrom('reports')
    .leftJoin('profiles as reporter', 'reporter.id', 'reports.reporter_id')
    .leftJoin('profiles as member', 'member.id', 'reports.target_user_id')
    .select([
      'reports.id',
      'reports.target_type',
      'reports.target_id',
      'reports.excerpt',
      'reports.reason',
      'reports.details',
      'reports.status',
      'reports.created_at',
      'reports.resolved_at',
      'reports.reporter_id',
      'reporter.username as reporter_username',
      'reports.target_user_id',
      'member.username as member_username',
      'member.full_name as member_full_name',
      'member.suspended_at as member_suspended_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('reports as same')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('same.target_type', '=', 'reports.target_type')
        .whereRef('same.target_id', '=', 'reports.target_id')
        .where('same.status', '=', 'open')
        .as('open_reports'),
    )
    .orderBy('reports.id', 'desc')
    .limit(limit + 1);
  query =
    status === 'open'
      ? query.where('reports.status', '=', 'open')
      : query.where('reports.status', '!=', 'open');
  if (cursor) query = query.where('reports.id', '<', decodeIdCursor(cursor, 'the reports'));
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  const byType = new Map<ReportTargetType, string[]>();
  for (const row of page) {
    const type = row.target_type as ReportTargetType;
    byType.set(type, [...(byType.get(type) ?? []), row.target_id]);
  }
  const existing = new Set<string>();
  for (const [type, ids] of byType) {
    for (const id of await existingTargets(db, type, ids)) existing.add(`${type}:${id}`);
  }
  const paths = await targetPaths(db, page);
  const reports: QueueReport[] = page.map((row) => {
    const key = `${row.target_type}:${row.target_id}`;
    const exists = existing.has(key);
    return {
      id: row.id,
      target_type: row.target_type as ReportTargetType,
      target_id: row.target_id,
      target_path:
        row.target_type === 'member'
          ? row.member_username
            ? `/profile/${row.member_username}`
            : null
          : exists
            ? (paths.get(key) ?? null)
            : null,
      target_exists: exists,
      excerpt: row.excerpt,
      reason: row.reason as ReportReason,
      details: row.details,
      status: row.status as ReportStatus,
      created_at: row.created_at,
      resolved_at: row.resolved_at,
      open_reports: Number(row.open_reports ?? 0),
      reporter: row.reporter_username ? { id: row.reporter_id, username: row.reporter_username } : null,
      member: row.member_username
        ? {
            id: row.target_user_id,
            username: row.member_username,
            full_name: row.member_full_name ?? '',
            suspended: Boolean(row.member_suspended_at),
          }
        : null,
    };
  });
  return { reports, next_cursor: rows.length > limit ? encodeIdCursor(page.at(-1)!.id) : null };
}
