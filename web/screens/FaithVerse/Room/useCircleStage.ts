import type { Circle, CircleMember, IceServer } from '@common/schemas/circles.ts';
import { useSession } from '@web/queries/session.ts';
import { useJanusFeeds, useSpeaker } from './useJanusMedia.ts';

/**
 * The stage of a circle carried by Janus, from the room's point of view: who speaks (members on
 * stage), this page's own seat and speaker media, the host's subscriptions to the speakers, and the
 * tiles the stage shows side by side.
 */
export function useCircleStage(
  circle: Circle,
  iceServers: IceServer[],
  members: CircleMember[] | undefined,
  isHost: boolean,
) {
  const { data: me } = useSession();
  const open = circle.media === 'janus' && circle.status === 'live';
  const list = open ? (members ?? []) : [];
  const seat = list.find((member) => member.user.id === me?.id) ?? null;
  const onStage = list.filter((member) => member.stage === 'on');
  const speakerIds = onStage.map((member) => member.user.id).filter((id) => id !== me?.id);
  const speaker = useSpeaker(circle, iceServers, seat?.stage === 'invited' || seat?.stage === 'on');
  const hostFeeds = useJanusFeeds(circle, iceServers, isHost && open, speakerIds);
  return {
    open,
    seat,
    speaker,
    speakerIds,
    hostFeeds,
    /** Each speaker's tile: this page's own picture for itself, the feed Janus forwards for others. */
    tiles: (feeds: Map<string, MediaStream>) =>
      onStage.map((member) => {
        const self = member.user.id === me?.id;
        return { member, self, stream: self ? speaker.stream : (feeds.get(member.user.id) ?? null) };
      }),
  };
}
