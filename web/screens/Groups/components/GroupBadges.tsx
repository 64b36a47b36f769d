import type { Group } from '@common/schemas/groups.ts';
import { EyeOff, Globe, Lock, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_LABELS, PRIVACY_LABELS } from './groupTexts.ts';

const PRIVACY_STYLE = {
  public: { icon: Globe, className: 'bg-emerald-50 text-emerald-800' },
  private: { icon: Lock, className: 'bg-amber-50 text-amber-800' },
  secret: { icon: EyeOff, className: 'bg-slate-100 text-slate-700' },
} as const;

/** 'Public', 'Private' or 'Secret', with its icon. */
export function PrivacyBadge({ privacy }: { privacy: Group['privacy'] }) {
  const { t } = useTranslation();
  const { icon: Icon, className } = PRIVACY_STYLE[privacy];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ${className}`}
    >
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      {t(PRIVACY_LABELS[privacy])}
    </span>
  );
}

export function CategoryBadge({ category }: { category: Group['category'] }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
      {t(CATEGORY_LABELS[category])}
    </span>
  );
}

export function MemberCount({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 text-sm text-slate-600">
      <Users aria-hidden="true" className="h-4 w-4" />
      {t('{{count}} members', { count })}
    </span>
  );
}

const COVER_COLORS = {
  faith: 'from-brand-500 to-violet-600',
  food: 'from-orange-400 to-rose-500',
  comedy: 'from-amber-400 to-pink-500',
  community: 'from-emerald-500 to-sky-600',
} as const;

/** The group's cover photo, or a band in its category's colours. Decorative: the name is beside it. */
export function GroupCover({
  group,
  className,
}: {
  group: Pick<Group, 'cover_url' | 'category'>;
  className: string;
}) {
  if (group.cover_url) {
    return <img src={group.cover_url} alt="" className={`${className} w-full object-cover`} />;
  }
  return (
    <div
      aria-hidden="true"
      className={`${className} w-full bg-gradient-to-br ${COVER_COLORS[group.category]}`}
    />
  );
}
