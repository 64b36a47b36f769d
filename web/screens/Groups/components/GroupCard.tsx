import type { Group } from '@common/schemas/groups.ts';
import { Link } from 'react-router';
import { CategoryBadge, GroupCover, MemberCount, PrivacyBadge } from './GroupBadges.tsx';
import { groupPagePath } from './groupTexts.ts';

/** The whole card opens the group: its name is the link, stretched over the card. */
export function GroupCard({ group }: { group: Group }) {
  return (
    <article className="relative flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-brand-200 hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-500 has-[a:focus-visible]:ring-offset-2">
      <GroupCover group={group} className="h-24" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="break-words text-lg font-semibold leading-snug text-slate-900">
          <Link
            to={groupPagePath(group.slug)}
            className='rounded-sm after:absolute after:inset-0 after:rounded-2xl after:content-[""] focus:outline-none'
          >
            {group.name}
          </Link>
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <PrivacyBadge privacy={group.privacy} />
          <CategoryBadge category={group.category} />
        </div>
        <div className="mt-auto pt-1">
          <MemberCount count={group.member_count} />
        </div>
      </div>
    </article>
  );
}

/** Grey stand-ins for cards while the lists load. */
export function GroupCardSkeletons({ label }: { label: string }) {
  return (
    <div role="status" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((n) => (
        <div
          key={n}
          aria-hidden="true"
          className="flex animate-pulse flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white motion-reduce:animate-none"
        >
          <div className="h-24 bg-slate-200" />
          <div className="flex flex-col gap-3 p-4">
            <div className="h-5 w-3/4 rounded bg-slate-200" />
            <div className="h-4 w-1/3 rounded-full bg-slate-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
