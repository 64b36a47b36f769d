import { rooms } from '@common/realtime.ts';
import { mediaSignalSchema } from '@common/schemas/circleSignals.ts';
import { findJanusRoom, type Slot } from '@server/circles/janus.ts';
import { takeStage } from '@server/commands/circleStage.ts';
import { badRequest, conflict, forbidden } from '@server/http/errors.ts';
import { mediaAccess, publisherOf } from '@server/queries/circles.ts';
import { spendSignal } from './circles.ts';
import { defineHandler } from './define.ts';

/**
 * A circle's media through Janus (issue 29): the page talks to this server, which holds the Janus
 * handles (server/circles/janus.ts). The host publishes, and a guest the host invited to speak; a
 * member, or a non-member inside their preview, subscribes to the host's feed and the speakers'.
 * Each ask goes through the circle's policies again (queries/circles.ts mediaAccess), so a member who
 * may no longer watch cannot subscribe again. The acknowledgement carries Janus's SDP and nothing
 * else: no room id, pin, secret or session.
 */
export const circleMediaHandlers = [
  defineHandler({
    event: 'circle:media',
    schema: mediaSignalSchema,
    async handle(socket, input, { db, janus }) {
      spendSignal(socket);
      const slot: Slot = input.role === 'publisher' ? 'publisher' : `sub:${input.user_id ?? ''}`;
      if (input.kind === 'leave') {
        janus?.leave(socket, input.circle_id, input.role ? slot : undefined);
        return {};
      }
      if (input.kind === 'layer') {
        await janus?.setWidth(socket, input.circle_id, input.user_id ?? '', input.width ?? 0);
        return {};
      }
      if (input.kind === 'ice') {
        await janus?.trickle(socket, input.circle_id, slot, input.candidate ?? null);
        return {};
      }
      if (!input.sdp && input.kind !== 'subscribe') throw badRequest('media_sdp_missing');
      const viewerId = socket.data.viewer.userId;
      const { circle, role, stage, previewUntil } = await mediaAccess(db, viewerId, input.circle_id);
      const onStage = stage === 'invited' || stage === 'on';
      if (input.kind === 'publish' && role !== 'host' && !onStage) throw forbidden('circle_host_only');
      const from = input.user_id ?? circle.host_id;
      if (input.kind !== 'publish' && from === viewerId) throw badRequest('signal_self');
      const room = janus && circle.media === 'janus' ? await findJanusRoom(db, circle.id) : undefined;
      if (!janus || !room) throw conflict('circle_not_on_janus');
      if (input.kind === 'publish') {
        const speaker = role !== 'host';
        if (speaker) {
          await takeStage(db, circle.id, viewerId, () =>
            socket.nsp.to(rooms.circle(circle.id)).emit('circle:members', { circle_id: circle.id }),
          );
        }
        const withVideo = speaker || circle.source_type !== 'audio';
        return { sdp: await janus.publish(socket, room, viewerId, input.sdp!, { withVideo, speaker }) };
      }
      const publisher = await publisherOf(db, circle, from);
      if (!publisher) throw conflict('circle_media_not_ready');
      if (input.kind === 'subscribe') {
        return { sdp: await janus.subscribe(socket, room, publisher, previewUntil, input.width) };
      }
      await janus.answer(socket, circle.id, from, input.sdp!);
      return {};
    },
  }),
];
