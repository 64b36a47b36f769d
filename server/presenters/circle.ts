import type { ChatMessage, Circle } from '@common/schemas/circles.ts';
import type { DB, FaithCirclesTable } from '@server/db/types.ts';
import type { Kysely, Selectable, Transaction } from 'kysely';

/** A circle row joined with its host's profile and its member count: what every list and page shows. */
export function selectCircles(db: Kysely<DB> | Transaction<DB>) {
  return db
    .selectFrom('faith_circles as c')
    .innerJoin('profiles as h', 'h.id', 'c.host_id')
    .leftJoin('groups as g', 'g.id', 'c.group_id')
    .selectAll('c')
    .select([
      'g.slug as group_slug',
      'g.name as group_name',
      'h.username as host_username',
      'h.full_name as host_full_name',
      'h.avatar_url as host_avatar_url',
    ])
    .select((eb) =>
      eb
        .selectFrom('faith_circle_members as m')
        .whereRef('m.circle_id', '=', 'c.id')
        .select((m) => m.fn.countAll<number>().as('n'))
        .as('member_count'),
    );
}

type CircleRow = Selectable<FaithCirclesTable> & {
  host_username: string;
  host_full_name: string;
  host_avatar_url: string | null;
  member_count: number | string | null;
  group_slug: string | null;
  group_name: string | null;
};

export function presentCircle(row: CircleRow): Circle {
  const group =
    row.group_id && row.group_slug && row.group_name
      ? { id: row.group_id, slug: row.group_slug, name: row.group_name }
      : null;
  return {
    id: row.id,
    host_id: row.host_id,
    host: {
      id: row.host_id,
      username: row.host_username,
      full_name: row.host_full_name,
      avatar_url: row.host_avatar_url,
    },
    title: row.title,
    faith: row.faith,
    topic: row.topic,
    visibility: row.visibility,
    mode: row.mode,
    status: row.status,
    source_type: row.source_type,
    duration_min: row.duration_min,
    allow_preview: Boolean(row.allow_preview),
    join_by_blessing: Boolean(row.join_by_blessing),
    show_store: Boolean(row.show_store),
    allow_donations: Boolean(row.allow_donations),
    is_listed: Boolean(row.is_listed),
    host_heartbeat: row.host_heartbeat,
    max_guests: row.max_guests,
    media: row.media ?? null,
    created_at: row.created_at,
    member_count: Number(row.member_count ?? 0),
    group,
  };
}

export function presentChatMessage(row: {
  id: string;
  circle_id: string;
  user_id: string;
  content: string;
  created_at: string;
  username: string;
  full_name: string;
  avatar_url: string | null;
}): ChatMessage {
  return {
    id: row.id,
    circle_id: row.circle_id,
    user: { id: row.user_id, username: row.username, full_name: row.full_name, avatar_url: row.avatar_url },
    content: row.content,
    created_at: row.created_at,
  };
}
