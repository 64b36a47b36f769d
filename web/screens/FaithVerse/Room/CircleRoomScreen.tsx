import { rooms } from '@common/realtime.ts';
import { CIRCLE_LIMITS, type CirclePage } from '@common/schemas/circles.ts';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/api/client.ts';
import { FullScreenSpinner } from '@web/components/Spinner.tsx';
import { i18n } from '@web/i18n/i18n.ts';
import {
  addChatMessage,
  circleKeys,
  hostCalls,
  useCircleMembers,
  useCirclePage,
  useCirclePageAction,
} from '@web/queries/circles.ts';
import { useSession } from '@web/queries/session.ts';
import { useRealtimeEvent, useRoom } from '@web/realtime/hooks.ts';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { FaithBadge, faithLabel, LiveBadge } from '../components/Badges.tsx';
import { CIRCLE_KEYS } from '../components/circleTexts.ts';
import { ChatPanel } from './ChatPanel.tsx';
import { HostControls } from './HostControls.tsx';
import { JoinGate } from './JoinGate.tsx';
import { ParticipantsPanel } from './ParticipantsPanel.tsx';
import { ReportCircleButton } from './ReportCircleButton.tsx';
import { Stage } from './Stage.tsx';
import { SpeakerTiles, StageControls } from './StageControls.tsx';
import { useGuestMedia, useHostMedia } from './useCircleMedia.ts';
import { useCircleStage } from './useCircleStage.ts';

/** /faithverse/c/:id — a circle's room (spec section 2): stage, details, participants and chat. */
export default function CircleRoomScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const page = useCirclePage(id);
  const { data: me } = useSession();

  useEffect(() => {
    const error = page.error;
    if (!error) return;
    if (error instanceof ApiError && error.status === 404) toast.error(i18n.t(CIRCLE_KEYS.notFound));
    else toast.error(i18n.t(CIRCLE_KEYS.loadError), { description: error.message });
    navigate('/faithverse', { replace: true });
  }, [page.error, navigate]);

  if (!page.data || !me) return <FullScreenSpinner />;
  return <CircleRoom key={id} page={page.data} />;
}

function CircleRoom({ page }: { page: CirclePage }) {
  const { t } = useTranslation();
  const { circle, role } = page;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isHost = role === 'host';
  const isMember = role !== null;
  const ended = circle.status === 'ended';
  const { joined } = useRoom(isMember ? rooms.circle(circle.id) : null);
  const members = useCircleMembers(circle.id, isMember && joined);
  const join = useCirclePageAction(circle.id, 'join');
  const preview = useCirclePageAction(circle.id, 'preview');
  const previewing = usePreviewRunning(page.preview.until);
  const endedBefore = useRef(ended);

  // Public circles without approval take the member in as they open the room (spec section 7).
  const joinOnce = useRef(false);
  useEffect(() => {
    if (page.access !== 'open' || joinOnce.current) return;
    joinOnce.current = true;
    join.mutate(undefined, {
      onError: (error) => toast.error(i18n.t('Error'), { description: error.message }),
    });
  }, [page.access, join]);
  // With 'Allow 10s Preview', a non-member watches 10 seconds before the gate.
  const previewOnce = useRef(false);
  useEffect(() => {
    if (!page.preview.available || previewOnce.current) return;
    previewOnce.current = true;
    preview.mutate();
  }, [page.preview.available, preview]);

  const pageKey = circleKeys.page(circle.id);
  const refetchPage = () => void queryClient.invalidateQueries({ queryKey: pageKey });
  useRealtimeEvent('circle:updated', (updated) => {
    if (updated.id !== circle.id) return;
    queryClient.setQueryData<CirclePage>(pageKey, (old) => (old ? { ...old, circle: updated } : old));
  });
  useRealtimeEvent('circle:members', ({ circle_id }) => {
    if (circle_id !== circle.id) return;
    void queryClient.invalidateQueries({ queryKey: circleKeys.members(circle.id) });
    refetchPage();
  });
  useRealtimeEvent('circle:chat', (message) => {
    if (message.circle_id === circle.id) addChatMessage(queryClient, message);
  });
  useRealtimeEvent('circle:requests', ({ circle_id }) => {
    if (circle_id === circle.id)
      void queryClient.invalidateQueries({ queryKey: circleKeys.requests(circle.id) });
  });
  useRealtimeEvent('circle:decision', ({ circle_id, decision }) => {
    if (circle_id !== circle.id) return;
    refetchPage();
    if (decision === 'approved') toast.success(t('You are in! Welcome to the circle.'));
    else toast.error(t('The host declined your request to join.'));
  });

  // Guests: the host ended it; redirected after 3 s (spec section 4). The host leaves at once.
  useEffect(() => {
    if (!ended || endedBefore.current || isHost) return;
    endedBefore.current = true;
    toast(i18n.t(CIRCLE_KEYS.endedForGuests), { description: i18n.t(CIRCLE_KEYS.endedForGuestsDescription) });
    const timer = setTimeout(() => navigate('/faithverse'), CIRCLE_LIMITS.redirectAfterEndMs);
    return () => clearTimeout(timer);
  }, [ended, isHost, navigate]);

  const stage = useCircleStage(circle, page.ice_servers, members.data, isHost);
  const host = useHostMedia(circle, page.ice_servers, isHost);
  const guest = useGuestMedia(
    circle,
    page.ice_servers,
    !isHost && !ended && ((isMember && joined) || previewing),
    stage.speakerIds,
  );
  const [ending, setEnding] = useState(false);

  async function endCircle() {
    setEnding(true);
    try {
      const final = await hostCalls.end(circle.id);
      queryClient.setQueryData<CirclePage>(pageKey, (old) => (old ? { ...old, circle: final } : old));
      host.stop();
      toast.success(t(CIRCLE_KEYS.ended), { description: t(CIRCLE_KEYS.endedDescription) });
      navigate('/faithverse');
    } catch (error) {
      toast.error(t(CIRCLE_KEYS.endFailed), { description: (error as Error).message });
      setEnding(false);
    }
  }

  const stream = isHost ? host.stream : guest.stream;
  const gated = !isMember && !previewing;
  const waitingText = ended
    ? t(CIRCLE_KEYS.hasEnded)
    : isHost && !host.stream
      ? t('Start your camera, screen or microphone to go live.')
      : circle.status === 'upcoming'
        ? t('This circle has not started yet.')
        : undefined;

  return (
    <main className="mx-auto max-w-7xl px-4 py-6">
      <header className="mb-4 flex flex-wrap items-center gap-3">
        {!isHost ? (
          <button type="button" onClick={() => navigate('/faithverse')} className={secondaryButtonClass}>
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            {t('Back')}
          </button>
        ) : null}
        <LiveBadge status={circle.status} />
        <h1 className="order-last min-w-0 basis-full break-words text-2xl font-bold text-slate-900 sm:order-none sm:basis-0 sm:flex-1">
          {circle.title}
        </h1>
        <FaithBadge faith={circle.faith} />
        {!isHost ? <ReportCircleButton circleId={circle.id} /> : null}
        {isHost && !ended ? (
          <button
            type="button"
            onClick={() => void endCircle()}
            disabled={ending}
            className={`${buttonClass} bg-red-600 hover:bg-red-700`}
          >
            {t('End Circle')}
          </button>
        ) : null}
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <Stage
            stream={gated ? null : stream}
            self={isHost}
            members={members.data ?? []}
            waitingText={waitingText}
            overlay={
              gated ? (
                <JoinGate page={page} />
              ) : previewing ? (
                <PreviewNotice until={page.preview.until!} />
              ) : null
            }
          />
          <SpeakerTiles tiles={stage.tiles(isHost ? stage.hostFeeds : guest.speakers)} />
          {isHost && !ended ? <HostControls media={host} defaultSource={circle.source_type} /> : null}
          {stage.seat && stage.open && !isHost ? (
            <StageControls
              circleId={circle.id}
              seat={stage.seat}
              speaking={stage.speaker.stream !== null}
              onGoOnStage={stage.speaker.start}
            />
          ) : null}
          <dl className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-4">
            <Detail label={t('Faith')} value={t(faithLabel(circle.faith))} />
            <Detail label={t('Topic')} value={circle.topic ?? '—'} />
            <Detail
              label={t('Duration')}
              value={t('{{minutes}} min', {
                minutes: circle.duration_min || CIRCLE_LIMITS.defaultDurationShown,
              })}
            />
            <Detail
              label={t('Guests')}
              value={`${Math.max(0, circle.member_count - 1)}/${circle.max_guests || CIRCLE_LIMITS.defaultMaxGuests}`}
            />
          </dl>
          {circle.show_store || circle.allow_donations ? (
            <p className="text-sm text-slate-600">
              {[
                circle.show_store ? t('Store open') : null,
                circle.allow_donations ? t('Donations welcome') : null,
              ]
                .filter(Boolean)
                .join(' • ')}
            </p>
          ) : null}
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <ParticipantsPanel
            circleId={circle.id}
            members={isMember ? members.data : undefined}
            isHost={isHost}
            ended={ended}
            stage={stage.open}
          />
          <ChatPanel circleId={circle.id} canChat={isMember && joined} ended={ended} />
        </div>
      </div>
    </main>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="truncate font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/** True while the viewer's preview runs; turns false by itself when it ends. */
function usePreviewRunning(until: string | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  const end = until ? Date.parse(until) : 0;
  useEffect(() => {
    if (end <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), end - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [end]);
  return end > now;
}

function PreviewNotice({ until }: { until: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((Date.parse(until) - now) / 1000));
  return (
    <p className="absolute left-3 top-3 rounded-md bg-black/70 px-2 py-1 text-sm text-white">
      {t('Preview • about {{seconds}}s left', { seconds })}
    </p>
  );
}
