import type { CircleMember } from '@common/schemas/circles.ts';
import { Avatar } from '@web/components/Avatar.tsx';
import { useStageAction } from '@web/queries/circles.ts';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { Hand, Mic } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { StreamVideo } from './Stage.tsx';

/**
 * A guest's part of the stage (circles carried by Janus): 'Raise hand'; once the host invites them,
 * 'Go on stage' (camera and microphone) or 'Not now'; on stage, 'Leave stage'.
 */
export function StageControls({
  circleId,
  seat,
  speaking,
  onGoOnStage,
}: {
  circleId: string;
  seat: CircleMember;
  /** This page is sending its camera and microphone. */
  speaking: boolean;
  onGoOnStage: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const stage = useStageAction(circleId);
  const fail = (error: Error) => toast.error(t('Error'), { description: error.message });
  const leave = () => stage.mutate({ kind: 'stage', userId: seat.user.id, on: false }, { onError: fail });
  const invitation = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (seat.stage === 'invited') invitation.current?.focus();
  }, [seat.stage]);

  if (seat.stage === 'invited' && !speaking) {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4">
        <p ref={invitation} tabIndex={-1} role="status" className="min-w-0 flex-1 font-medium text-slate-900">
          {t('The host invited you to speak.')}
        </p>
        <button type="button" className={buttonClass} onClick={() => void onGoOnStage()}>
          <Mic aria-hidden="true" className="h-4 w-4" />
          {t('Go on stage')}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={leave} disabled={stage.isPending}>
          {t('Not now')}
        </button>
      </div>
    );
  }
  if (seat.stage) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <span className="rounded-full bg-red-100 px-3 py-1 text-sm font-semibold text-red-700">
          {t('On stage')}
        </span>
        <button type="button" className={secondaryButtonClass} onClick={leave} disabled={stage.isPending}>
          {t('Leave stage')}
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className={secondaryButtonClass}
        aria-pressed={seat.hand_raised}
        disabled={stage.isPending}
        onClick={() => stage.mutate({ kind: 'hand', raised: !seat.hand_raised }, { onError: fail })}
      >
        <Hand aria-hidden="true" className="h-4 w-4" />
        {seat.hand_raised ? t('Lower hand') : t('Raise hand')}
      </button>
    </div>
  );
}

/** The speakers side by side under the host's stage: their pictures and names. */
export function SpeakerTiles({
  tiles,
}: {
  tiles: Array<{ member: CircleMember; stream: MediaStream | null; self: boolean }>;
}) {
  const { t } = useTranslation();
  if (tiles.length === 0) return null;
  return (
    <section aria-label={t('Speakers')}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {tiles.map(({ member, stream, self }) => {
          const name = member.user.full_name || member.user.username;
          return (
            <li
              key={member.user.id}
              className="relative aspect-video overflow-hidden rounded-lg bg-slate-900"
            >
              {stream ? (
                <StreamVideo
                  stream={stream}
                  self={self}
                  label={name}
                  testId={self ? 'speaker-self-video' : 'speaker-video'}
                  fit="object-cover"
                />
              ) : (
                <div className="flex h-full items-center justify-center">
                  <Avatar url={member.user.avatar_url} name={member.user.full_name} size="lg" />
                </div>
              )}
              <span className="absolute bottom-1 left-1 max-w-[90%] truncate rounded bg-black/60 px-2 py-0.5 text-xs text-white">
                {self ? t('You') : name}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
