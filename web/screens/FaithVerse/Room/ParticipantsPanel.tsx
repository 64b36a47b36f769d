import type { CircleMember } from '@common/schemas/circles.ts';
import { Avatar } from '@web/components/Avatar.tsx';
import { msg } from '@web/i18n/msg.ts';
import { useDecideRequest, useJoinRequests, useStageAction } from '@web/queries/circles.ts';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { Hand } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';

const ROLE_TEXT: Record<CircleMember['role'], string> = { host: msg('host'), guest: msg('guest') };

/** Host and guests; the host also answers requests to join here. */
export function ParticipantsPanel({
  circleId,
  members,
  isHost,
  ended,
  stage,
}: {
  circleId: string;
  members: CircleMember[] | undefined;
  isHost: boolean;
  ended: boolean;
  /** The circle is carried by Janus and live: raised hands and the host's stage buttons show. */
  stage: boolean;
}) {
  const { t } = useTranslation();
  const requests = useJoinRequests(circleId, isHost && !ended);
  const decide = useDecideRequest(circleId);
  const pending = requests.data ?? [];
  return (
    <section aria-labelledby="circle-participants" className="rounded-xl border border-slate-200 bg-white">
      <h2
        id="circle-participants"
        className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900"
      >
        {t('Participants')} {members ? <span className="text-slate-500">({members.length})</span> : null}
      </h2>
      {pending.length > 0 ? (
        <div className="border-b border-slate-200 p-4">
          <h3 className="mb-2 text-sm font-semibold text-slate-700">{t('Asking to join')}</h3>
          <ul className="space-y-2">
            {pending.map((request) => {
              const name = request.user.full_name || request.user.username;
              const answer = (approve: boolean) =>
                decide.mutate(
                  { userId: request.user.id, approve },
                  { onError: (error) => toast.error(t('Error'), { description: error.message }) },
                );
              return (
                <li key={request.user.id} className="flex flex-wrap items-center gap-2">
                  <Avatar url={request.user.avatar_url} name={request.user.full_name} size="sm" />
                  <span className="min-w-0 flex-1 truncate text-sm">{name}</span>
                  <button
                    type="button"
                    className={buttonClass}
                    aria-label={t('Approve {{name}}', { name })}
                    onClick={() => answer(true)}
                  >
                    {t('Approve')}
                  </button>
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    aria-label={t('Decline {{name}}', { name })}
                    onClick={() => answer(false)}
                  >
                    {t('Decline')}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {members ? (
        <ul aria-label={t('Participants')} className="max-h-64 space-y-2 overflow-y-auto p-4">
          {members.map((member) => (
            <li key={member.user.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Avatar url={member.user.avatar_url} name={member.user.full_name} size="sm" />
              <Link
                to={`/profile/${member.user.username}`}
                className="min-w-[8rem] flex-1 truncate text-sm hover:underline"
              >
                {member.user.full_name || member.user.username}
              </Link>
              {stage && member.hand_raised ? (
                <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-700">
                  <Hand aria-hidden="true" className="h-3.5 w-3.5" />
                  {t('Hand raised')}
                </span>
              ) : null}
              {stage && member.stage ? (
                <span className="text-xs font-medium text-red-700">
                  {member.stage === 'on' ? t('On stage') : t('Invited to speak')}
                </span>
              ) : null}
              <span className="text-xs font-medium uppercase text-slate-500">
                {t(ROLE_TEXT[member.role])}
              </span>
              {stage && isHost && member.role === 'guest' ? (
                <StageButton circleId={circleId} member={member} />
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="p-4 text-sm text-slate-600">{t('Join the circle to see who is here.')}</p>
      )}
    </section>
  );
}

/** The host's 'Invite to speak' for a guest, or 'Remove from stage' for one invited or speaking. */
function StageButton({ circleId, member }: { circleId: string; member: CircleMember }) {
  const { t } = useTranslation();
  const stage = useStageAction(circleId);
  const name = member.user.full_name || member.user.username;
  const on = member.stage === null;
  return (
    <button
      type="button"
      className={`${secondaryButtonClass} px-2 py-1 text-xs`}
      disabled={stage.isPending}
      aria-label={on ? t('Invite {{name}} to speak', { name }) : t('Remove {{name}} from stage', { name })}
      onClick={() =>
        stage.mutate(
          { kind: 'stage', userId: member.user.id, on },
          { onError: (error) => toast.error(t('Error'), { description: error.message }) },
        )
      }
    >
      {on ? t('Invite to speak') : t('Remove from stage')}
    </button>
  );
}
