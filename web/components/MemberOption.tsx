import type { ProfileSummary } from '@common/schemas/profiles.ts';
import { Avatar } from './Avatar.tsx';

/**
 * One member in a listbox that a text field drives (the header's search, the mention list): the field
 * keeps focus (a press never blurs it), the option under the arrows is `active`, a click or Enter picks.
 */
export function MemberOption({
  id,
  profile,
  active,
  onPick,
  className = 'px-4 py-2',
}: {
  id: string;
  profile: ProfileSummary;
  active: boolean;
  onPick: (profile: ProfileSummary) => void;
  className?: string;
}) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      className={`flex cursor-pointer items-center gap-3 ${className} ${active ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => onPick(profile)}
      onKeyDown={(e) => e.key === 'Enter' && onPick(profile)}
      tabIndex={-1}
    >
      <Avatar url={profile.avatar_url} name={profile.full_name} size="sm" />
      <span className="min-w-0">
        <span className="block truncate font-medium text-slate-900">{profile.full_name}</span>
        <span className="block truncate text-sm text-slate-500">@{profile.username}</span>
      </span>
    </div>
  );
}
