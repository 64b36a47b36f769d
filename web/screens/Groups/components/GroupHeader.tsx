import type { Group } from '@common/schemas/groups.ts';
import { useGroupStanding } from '@web/queries/groups.ts';
import { BackLink } from '@web/ui/BackLink.tsx';
import { buttonClass, cardClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CategoryBadge, GroupCover, MemberCount, PrivacyBadge } from './GroupBadges.tsx';
import { standingActionFor } from './groupRules.ts';

/** Cover, name, privacy, category, member count and the viewer's button (Join, Leave...). */
export function GroupHeader({ group }: { group: Group }) {
  const { t } = useTranslation();
  return (
    <header className={`${cardClass} overflow-hidden rounded-none sm:rounded-2xl`}>
      <GroupCover group={group} className="h-32 sm:h-48" />
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-end sm:justify-between sm:p-6">
        <div className="flex min-w-0 items-start gap-2">
          <BackLink to="/groups" label={t('Back to Groups')} className="-ml-2 mt-0.5 shrink-0" />
          <div className="min-w-0">
            <h1 className="break-words text-2xl font-bold text-slate-900 sm:text-3xl">{group.name}</h1>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <PrivacyBadge privacy={group.privacy} />
              <CategoryBadge category={group.category} />
              <MemberCount count={group.member_count} />
            </div>
          </div>
        </div>
        <StandingButtons group={group} />
      </div>
    </header>
  );
}

function StandingButtons({ group }: { group: Group }) {
  const { t } = useTranslation();
  const standing = useGroupStanding(group.slug);
  const action = standingActionFor(group);
  if (!action) return null;

  async function run(what: 'join' | 'leave') {
    try {
      const answer = await standing.mutateAsync(what);
      if (answer.standing === 'member' && what === 'join')
        toast.success(t('You joined {{name}}', { name: group.name }));
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  const primary = action.action === 'join';
  return (
    <div className="flex shrink-0 flex-wrap gap-2">
      {group.viewer.standing === 'member' ? (
        <>
          {/* An event or a circle of the group's: it follows the group's privacy. */}
          <Link
            to={`/events/new?group=${encodeURIComponent(group.slug)}`}
            className={`${secondaryButtonClass} w-full sm:w-auto`}
          >
            {t('Create an Event')}
          </Link>
          <Link
            to={`/faithverse/new?group=${encodeURIComponent(group.slug)}`}
            className={`${secondaryButtonClass} w-full sm:w-auto`}
          >
            {t('Start a Circle')}
          </Link>
        </>
      ) : null}
      <button
        type="button"
        disabled={standing.isPending}
        onClick={() => void run(action.action)}
        title={group.viewer.standing === 'requested' ? t('Cancel your request') : undefined}
        className={`${primary ? buttonClass : secondaryButtonClass} w-full sm:w-auto`}
      >
        {group.viewer.standing === 'requested' ? <Check aria-hidden="true" className="h-4 w-4" /> : null}
        {t(action.label)}
      </button>
      {group.viewer.standing === 'invited' ? (
        <button
          type="button"
          disabled={standing.isPending}
          onClick={() => void run('leave')}
          className={`${secondaryButtonClass} w-full sm:w-auto`}
        >
          {t('Decline')}
        </button>
      ) : null}
    </div>
  );
}
