import type { GroupCategory, GroupPrivacy, GroupRole } from '@common/schemas/groups.ts';
import { msg } from '@web/i18n/msg.ts';

// Catalogue keys, translated where they are shown: t(CATEGORY_LABELS[group.category]).
export const CATEGORY_LABELS: Record<GroupCategory, string> = {
  faith: msg('Faith'),
  food: msg('Food'),
  comedy: msg('Comedy'),
  community: msg('Community'),
};

export const PRIVACY_LABELS: Record<GroupPrivacy, string> = {
  public: msg('Public'),
  private: msg('Private'),
  secret: msg('Secret'),
};

export const PRIVACY_DESCRIPTIONS: Record<GroupPrivacy, string> = {
  public: msg('Anyone can see posts and join'),
  private: msg('Anyone can find it; members see posts; joining needs approval'),
  secret: msg('Only members can find it; joining needs an invitation'),
};

export const ROLE_LABELS: Record<GroupRole, string> = {
  owner: msg('Owner'),
  admin: msg('Admin'),
  member: msg('Member'),
};

export const GROUP_KEYS = {
  notFound: msg('Group not found'),
} as const;

export const groupPagePath = (slug: string) => `/groups/${encodeURIComponent(slug)}`;
