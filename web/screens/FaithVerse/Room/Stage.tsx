import { CIRCLE_LIMITS, type CircleMember } from '@common/schemas/circles.ts';
import { Avatar } from '@web/components/Avatar.tsx';
import { Volume2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CIRCLE_KEYS } from '../components/circleTexts.ts';

const { stageAvatarPx: AVATAR, stageMarginPx: MARGIN } = CIRCLE_LIMITS;

/** Plays a stream (muted for the page's own picture); a blocked autoplay asks for one tap. */
export function StreamVideo({
  stream,
  self,
  label,
  testId = self ? 'local-video' : 'remote-video',
  fit = 'object-contain',
}: {
  stream: MediaStream;
  self: boolean;
  label: string;
  testId?: string;
  fit?: 'object-contain' | 'object-cover';
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const [blocked, setBlocked] = useState(false);
  const hasVideo = stream.getVideoTracks().length > 0;
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    video.play().then(
      () => setBlocked(false),
      () => setBlocked(true),
    );
  }, [stream]);
  return (
    <>
      <video
        ref={ref}
        data-testid={testId}
        aria-label={label}
        autoPlay
        playsInline
        muted={self}
        className={hasVideo ? `h-full w-full bg-black ${fit}` : 'sr-only'}
      />
      {hasVideo ? null : (
        <div className="flex flex-col items-center gap-2 text-white">
          <Volume2 aria-hidden="true" className="h-10 w-10" />
          <p>{t('Audio only')}</p>
        </div>
      )}
      {blocked ? (
        <button
          type="button"
          onClick={() => void ref.current?.play().then(() => setBlocked(false))}
          className="absolute inset-0 m-auto h-12 w-48 rounded-full bg-white/90 font-semibold text-slate-900"
        >
          {t('Tap to play')}
        </button>
      ) : null}
    </>
  );
}

/**
 * The 16:9 stage with the participants' avatars (56 px) on an ellipse around it, in a 60 px margin
 * (spec section 9). On phones the avatars sit in a row under the stage instead.
 */
export function Stage({
  stream,
  self,
  members,
  overlay,
  waitingText,
}: {
  stream: MediaStream | null;
  self: boolean;
  members: CircleMember[];
  overlay?: ReactNode;
  waitingText?: string;
}) {
  const { t } = useTranslation();
  const ring = members.slice(0, 16);
  return (
    <div>
      <div className="relative sm:p-[60px]" style={{ ['--ring' as string]: `${MARGIN}px` }}>
        <div className="relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-xl bg-slate-900">
          {stream ? (
            <StreamVideo stream={stream} self={self} label={self ? t('Your stream') : t('Live stream')} />
          ) : (
            <p role="status" className="px-4 text-center text-slate-200">
              {waitingText ?? t(CIRCLE_KEYS.connecting)}
            </p>
          )}
          {overlay}
        </div>
        <ul aria-label={t('Participants on stage')} className="hidden sm:block">
          {ring.map((member, index) => {
            const angle = (2 * Math.PI * index) / ring.length - Math.PI / 2;
            return (
              <li
                key={member.user.id}
                title={member.user.full_name || member.user.username}
                className="absolute -translate-x-1/2 -translate-y-1/2 rounded-full ring-2 ring-white"
                style={{
                  left: `calc(50% + ${Math.cos(angle).toFixed(4)} * (50% - ${MARGIN / 2}px))`,
                  top: `calc(50% + ${Math.sin(angle).toFixed(4)} * (50% - ${MARGIN / 2}px))`,
                  width: AVATAR,
                  height: AVATAR,
                }}
              >
                <span className="sr-only">{member.user.full_name || member.user.username}</span>
                <StageAvatar member={member} />
              </li>
            );
          })}
        </ul>
      </div>
      <ul aria-hidden="true" className="mt-3 flex gap-2 overflow-x-auto sm:hidden">
        {ring.map((member) => (
          <li key={member.user.id}>
            <StageAvatar member={member} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function StageAvatar({ member }: { member: CircleMember }) {
  return (
    <span className="block h-14 w-14 overflow-hidden rounded-full">
      <Avatar url={member.user.avatar_url} name={member.user.full_name} size="lg" />
    </span>
  );
}
