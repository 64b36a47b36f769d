import type { PendingPost } from '@common/schemas/wall.ts';
import { presentAuthor } from './post.ts';

interface PendingPostRow {
  id: string;
  profile_owner_id: string;
  author_id: string;
  content: string;
  media_type: PendingPost['media_type'];
  image_url: string | null;
  image_feed_url: string | null;
  created_at: string;
  /** The author's profile. */
  username: string;
  full_name: string;
  avatar_url: string | null;
}

export function presentPendingPost(row: PendingPostRow): PendingPost {
  return {
    id: row.id,
    profile_owner_id: row.profile_owner_id,
    author: presentAuthor({ ...row, user_id: row.author_id }),
    content: row.content,
    media_type: row.media_type,
    image_url: row.image_url,
    image_feed_url: row.image_feed_url,
    created_at: row.created_at,
  };
}
