import type { ProfileSummary } from '@common/schemas/profiles.ts';

export const profileSummaryColumns = ['id', 'username', 'full_name', 'avatar_url', 'bio'] as const;

export function presentProfileSummary(row: ProfileSummary): ProfileSummary {
  return {
    id: row.id,
    username: row.username,
    full_name: row.full_name,
    avatar_url: row.avatar_url ?? null,
    bio: row.bio ?? null,
  };
}
