import type { Circle, IceServer } from '@common/schemas/circles.ts';
import { i18n } from '@web/i18n/i18n.ts';
import { useRealtimeConnected, useRealtimeEvent } from '@web/realtime/hooks.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { CIRCLE_KEYS } from '../components/circleTexts.ts';
import { JanusPublisher, JanusSubscriber } from './janusRtc.ts';

/** How often a page that may watch asks Janus again while a publisher's media has not started. */
const RETRY_MS = 2_000;

/**
 * How wide this page shows a feed, in device pixels: the host's picture spans the stage (the window,
 * up to the room's column), a speaker's tile a quarter of it (half on a phone).
 */
function widthOf(isHost: boolean): number {
  const column = Math.min(window.innerWidth, 960);
  const tile = window.innerWidth < 640 ? column / 2 : column / 4;
  return Math.round((isHost ? column : tile) * (window.devicePixelRatio || 1));
}

interface Feed {
  subscriber: JanusSubscriber;
  retry?: ReturnType<typeof setTimeout>;
}

/**
 * Janus: one subscription per publisher (the host, and each speaker on stage) while `ready`; again
 * when the server says a publisher's media (re)started or after a reconnect. The server cuts them (a
 * preview's end, the circle's end); a publisher leaving the list is let go.
 */
export function useJanusFeeds(
  circle: Circle,
  iceServers: IceServer[],
  ready: boolean,
  publisherIds: string[],
): Map<string, MediaStream> {
  const [streams, setStreams] = useState<Map<string, MediaStream>>(() => new Map());
  const feeds = useRef(new Map<string, Feed>());
  const live = circle.status === 'live';
  const key = publisherIds.join(',');

  const subscribe = useCallback((userId: string) => {
    const feed = feeds.current.get(userId);
    if (!feed) return;
    clearTimeout(feed.retry);
    void feed.subscriber.subscribe().then((result) => {
      if (result === 'not-ready' && feeds.current.get(userId) === feed) {
        feed.retry = setTimeout(() => subscribe(userId), RETRY_MS);
      }
    });
  }, []);

  useEffect(() => {
    const wanted = ready && live ? key.split(',').filter(Boolean) : [];
    const current = feeds.current;
    for (const [userId, feed] of [...current]) {
      if (wanted.includes(userId)) continue;
      clearTimeout(feed.retry);
      current.delete(userId);
      feed.subscriber.close();
    }
    for (const userId of wanted) {
      if (current.has(userId)) continue;
      const subscriber = new JanusSubscriber(
        circle.id,
        userId,
        iceServers,
        (stream) =>
          setStreams((before) => {
            const next = new Map(before);
            if (stream) next.set(userId, stream);
            else next.delete(userId);
            return next;
          }),
        () => widthOf(userId === circle.host_id),
      );
      current.set(userId, { subscriber });
      subscribe(userId);
    }
  }, [ready, live, key, circle.id, circle.host_id, iceServers, subscribe]);

  // A resize or a rotation: the server forwards the layer that fits the new size.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        for (const feed of feeds.current.values()) feed.subscriber.resized();
      }, 500);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  // Leaving the room closes them all.
  useEffect(
    () => () => {
      for (const feed of feeds.current.values()) {
        clearTimeout(feed.retry);
        feed.subscriber.close();
      }
      feeds.current.clear();
    },
    [],
  );

  useRealtimeConnected((reconnect) => {
    if (reconnect) for (const userId of feeds.current.keys()) subscribe(userId);
  });
  useRealtimeEvent('circle:media-ready', ({ circle_id, user_id }) => {
    if (circle_id === circle.id) subscribe(user_id);
  });
  useRealtimeEvent('circle:media-ended', ({ circle_id, reason }) => {
    // 'access': this page was taken off the stage (its publisher, useSpeaker's part).
    if (circle_id !== circle.id || reason === 'access') return;
    if (reason === 'server') toast.error(i18n.t(CIRCLE_KEYS.mediaServerStopped));
    for (const feed of feeds.current.values()) {
      clearTimeout(feed.retry);
      feed.subscriber.ended();
    }
  });
  return streams;
}

/**
 * A guest the host invited to speak: 'Go on stage' starts the camera and microphone and publishes
 * them into the circle's room; leaving (or being taken off by the host, which the server tells this
 * page) stops them.
 */
export function useSpeaker(circle: Circle, iceServers: IceServer[], onStage: boolean) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const publisher = useRef<JanusPublisher | null>(null);
  const streamRef = useRef<MediaStream | null>(null);

  const stop = useCallback(() => {
    publisher.current?.close();
    publisher.current = null;
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    setStream(null);
  }, []);

  const start = useCallback(async () => {
    let captured: MediaStream;
    try {
      captured = await navigator.mediaDevices.getUserMedia({
        video: { width: { ideal: 640 }, height: { ideal: 360 } },
        audio: true,
      });
    } catch (error) {
      toast.error(i18n.t(CIRCLE_KEYS.cameraError), { description: (error as Error).message || undefined });
      return false;
    }
    stop();
    streamRef.current = captured;
    setStream(captured);
    const janus = new JanusPublisher(circle.id, iceServers);
    publisher.current = janus;
    const refused = await janus.publish(captured);
    if (refused) {
      toast.error(i18n.t('Error'), { description: refused });
      stop();
      return false;
    }
    return true;
  }, [circle.id, iceServers, stop]);

  // Off the stage (the host's decision, the guest's, or the circle's end): the camera stops.
  useEffect(() => {
    if (!onStage || circle.status !== 'live') stop();
  }, [onStage, circle.status, stop]);
  useEffect(() => stop, [stop]);
  useRealtimeEvent('circle:media-ended', ({ circle_id }) => {
    if (circle_id === circle.id && publisher.current) stop();
  });
  return { stream, start, stop };
}
