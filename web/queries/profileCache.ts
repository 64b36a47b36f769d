export type WallMedia = 'photo' | 'video';

/**
 * Keys of the profile screen, shared by profiles.ts, follows.ts and wall.ts (and invalidated by
 * settings.ts). Walls live under the posts feed prefix (['posts', 'feed']), so a like, edit or delete
 * anywhere reaches them through postCache's helpers.
 */
export const profilePageKeys = {
  all: ['profile-page'] as const,
  byUsername: (username: string) => ['profile-page', 'user', username.toLowerCase()] as const,
  follows: (id: string, direction: 'followers' | 'following') =>
    ['profile-page', 'follows', id, direction] as const,
  myPending: () => ['profile-page', 'pending', 'mine'] as const,
  pendingOn: (id: string) => ['profile-page', 'pending', 'on', id] as const,
  walls: (id: string) => ['posts', 'feed', 'wall', id] as const,
  wall: (id: string, media: WallMedia | null) => ['posts', 'feed', 'wall', id, media ?? 'all'] as const,
};

export const profilePath = (id: string, rest: string) => `/api/profiles/${encodeURIComponent(id)}${rest}`;
