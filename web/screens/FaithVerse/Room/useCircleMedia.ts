import { CIRCLE_LIMITS, type Circle, type CircleSource, type IceServer } from '@common/schemas/circles.ts';
import { useQueryClient } from '@tanstack/react-query';
import { i18n } from '@web/i18n/i18n.ts';
import { circleKeys, hostCalls } from '@web/queries/circles.ts';
import { useRealtimeConnected, useRealtimeEvent } from '@web/realtime/hooks.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { CIRCLE_KEYS } from '../components/circleTexts.ts';
import { JanusPublisher } from './janusRtc.ts';
import { GuestReceiver, HostBroadcaster } from './rtc.ts';
import { useJanusFeeds } from './useJanusMedia.ts';

export interface HostMedia {
  stream: MediaStream | null;
  source: CircleSource | null;
  muted: boolean;
  videoHidden: boolean;
  guestsConnected: number;
  start(source: CircleSource): Promise<void>;
  toggleMute(): void;
  toggleVideo(): void;
  stop(): void;
}

async function captureSource(source: CircleSource): Promise<MediaStream> {
  if (source === 'audio') return navigator.mediaDevices.getUserMedia({ audio: true });
  if (source === 'camera') {
    return navigator.mediaDevices.getUserMedia({
      video: { width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: true,
    });
  }
  const screen = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: true });
  // The host's voice over the shared screen, when there is a microphone to give it.
  if (screen.getAudioTracks().length === 0) {
    const mic = await navigator.mediaDevices.getUserMedia({ audio: true }).catch(() => null);
    for (const track of mic?.getAudioTracks() ?? []) screen.addTrack(track);
  }
  return screen;
}

/**
 * The host's side of a circle: the media it sends, the circle going live with it, the heartbeat
 * every 10 s while the circle is not ended, and the end when the page goes away (spec section 4).
 */
export function useHostMedia(circle: Circle, iceServers: IceServer[], enabled: boolean): HostMedia {
  const queryClient = useQueryClient();
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [source, setSource] = useState<CircleSource | null>(null);
  const [muted, setMuted] = useState(false);
  const [videoHidden, setVideoHidden] = useState(false);
  const [guestsConnected, setGuestsConnected] = useState(0);
  const broadcaster = useRef<HostBroadcaster | null>(null);
  const publisher = useRef<JanusPublisher | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const ended = circle.status === 'ended';

  useEffect(() => {
    if (!enabled) return;
    const host = new HostBroadcaster(circle.id, iceServers, setGuestsConnected);
    const janus = new JanusPublisher(circle.id, iceServers);
    broadcaster.current = host;
    publisher.current = janus;
    return () => {
      host.close();
      janus.close();
      broadcaster.current = null;
      publisher.current = null;
    };
  }, [enabled, circle.id, iceServers]);

  useRealtimeEvent('circle:signal', (signal) => {
    if (signal.circle_id === circle.id) void broadcaster.current?.onSignal(signal);
  });

  const stopTracks = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
  }, []);

  const stop = useCallback(() => {
    stopTracks();
    broadcaster.current?.setStream(null);
    publisher.current?.close();
    setStream(null);
    setSource(null);
  }, [stopTracks]);

  const start = useCallback(
    async (next: CircleSource) => {
      let captured: MediaStream;
      try {
        captured = await captureSource(next);
      } catch (error) {
        toast.error(next === 'screen' ? i18n.t(CIRCLE_KEYS.screenError) : i18n.t(CIRCLE_KEYS.cameraError), {
          description: (error as Error).message || undefined,
        });
        return;
      }
      stopTracks();
      streamRef.current = captured;
      for (const track of captured.getAudioTracks()) track.enabled = !muted;
      for (const track of captured.getVideoTracks()) {
        track.enabled = !videoHidden;
        // The browser's own "Stop sharing" ends the screen: the circle goes on without it.
        track.addEventListener('ended', () => {
          if (streamRef.current === captured) stop();
        });
      }
      setStream(captured);
      setSource(next);
      // The server decides, the first time, whether Janus carries the media or the host's page sends
      // it to each guest (the mesh); the answer says which.
      let live: Circle | null = null;
      try {
        live = await hostCalls.goLive(circle.id, next);
        queryClient.setQueryData(circleKeys.page(circle.id), (page: { circle: Circle } | undefined) =>
          page ? { ...page, circle: live ?? page.circle } : page,
        );
      } catch (error) {
        toast.error(i18n.t('Error'), { description: (error as Error).message });
      }
      if (live?.media === 'janus') {
        const refused = await publisher.current?.publish(captured);
        if (refused) toast.error(i18n.t('Error'), { description: refused });
      } else {
        broadcaster.current?.setStream(captured);
      }
    },
    [circle.id, muted, videoHidden, queryClient, stop, stopTracks],
  );

  const toggleMute = useCallback(() => {
    setMuted((was) => {
      for (const track of streamRef.current?.getAudioTracks() ?? []) track.enabled = was;
      return !was;
    });
  }, []);
  const toggleVideo = useCallback(() => {
    setVideoHidden((was) => {
      for (const track of streamRef.current?.getVideoTracks() ?? []) track.enabled = was;
      return !was;
    });
  }, []);

  // The heartbeat: the lists show the circle only while the host's page keeps it fresh.
  useEffect(() => {
    if (!enabled || ended) return;
    const beat = () => void hostCalls.heartbeat(circle.id).catch(() => {});
    const timer = setInterval(beat, CIRCLE_LIMITS.heartbeatMs);
    return () => clearInterval(timer);
  }, [enabled, ended, circle.id]);

  // Closing or reloading the host's page ends the circle (spec section 4).
  useEffect(() => {
    if (!enabled || ended) return;
    const onPageHide = () => hostCalls.endOnUnload(circle.id);
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [enabled, ended, circle.id]);

  // Leaving the room (or the circle ending) stops the camera and microphone.
  useEffect(() => {
    if (ended) stop();
  }, [ended, stop]);
  useEffect(() => () => stopTracks(), [stopTracks]);

  // Through Janus the host's page does not see its viewers: the circle's guests stand for them.
  const viewers = circle.media === 'janus' ? Math.max(0, circle.member_count - 1) : guestsConnected;
  return {
    stream,
    source,
    muted,
    videoHidden,
    guestsConnected: viewers,
    start,
    toggleMute,
    toggleVideo,
    stop,
  };
}

/**
 * A guest's (or previewer's) side: what the host sends, by the path the server chose for the circle
 * (Janus, or the host's page itself), and through Janus what the speakers on stage send.
 */
export function useGuestMedia(
  circle: Circle,
  iceServers: IceServer[],
  ready: boolean,
  speakerIds: string[] = [],
): { stream: MediaStream | null; speakers: Map<string, MediaStream> } {
  const [meshStream, setMeshStream] = useState<MediaStream | null>(null);
  const janus = circle.media === 'janus';
  useMeshGuest(circle, iceServers, ready && !janus, setMeshStream);
  const feeds = useJanusFeeds(circle, iceServers, ready && janus, [circle.host_id, ...speakerIds]);
  if (!janus) return { stream: meshStream, speakers: new Map() };
  const speakers = new Map([...feeds].filter(([userId]) => userId !== circle.host_id));
  return { stream: feeds.get(circle.host_id) ?? null, speakers };
}

/**
 * The mesh: asks the host's page for an offer 0.5 s after it may (the room joined, or the preview
 * started), again after a reconnect and whenever the host's media (re)starts, and answers it.
 */
function useMeshGuest(
  circle: Circle,
  iceServers: IceServer[],
  ready: boolean,
  setStream: (stream: MediaStream | null) => void,
) {
  const receiver = useRef<GuestReceiver | null>(null);
  const live = circle.status === 'live';

  useEffect(() => {
    if (!ready) return;
    const guest = new GuestReceiver(circle.id, circle.host_id, iceServers, setStream);
    receiver.current = guest;
    return () => {
      guest.close();
      receiver.current = null;
    };
  }, [ready, circle.id, circle.host_id, iceServers, setStream]);

  const ask = useCallback(() => {
    const timer = setTimeout(() => void receiver.current?.requestOffer(), CIRCLE_LIMITS.offerRequestDelayMs);
    return () => clearTimeout(timer);
  }, []);

  // When allowed in, and each time the host (re)starts their media (a new heartbeat run).
  useEffect(() => {
    if (ready && live) return ask();
  }, [ready, live, ask]);
  useRealtimeConnected((reconnect) => {
    if (reconnect && ready && live) ask();
  });
  useRealtimeEvent('circle:signal', (signal) => {
    if (signal.circle_id === circle.id) void receiver.current?.onSignal(signal);
  });
  useRealtimeEvent('circle:updated', (updated) => {
    // The host's media started or changed source while this page had nothing from them.
    if (updated.id === circle.id && updated.status === 'live' && !receiver.current?.connected) ask();
  });
}
