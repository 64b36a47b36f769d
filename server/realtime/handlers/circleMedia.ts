import { mediaSignalSchema } from '@common/schemas/circles.ts';
import { findJanusRoom } from '@server/circles/janus.ts';
import { badRequest, conflict, forbidden } from '@server/http/errors.ts';
import { mediaAccess } from '@server/queries/circles.ts';
import { spendSignal } from './circles.ts';
import { defineHandler } from './define.ts';

/**
 * A circle's media through Janus (issue 29): the page talks to this server, which holds the Janus
 * handles (server/circles/janus.ts). Only the host publishes; a member, or a non-member inside their
 * preview, subscribes; each asks again after the circle's policies (queries/circles.ts mediaAccess),
 * so a member who may no longer watch cannot subscribe again. The acknowledgement carries Janus's
 * SDP and nothing else: no room id, pin, secret or session.
 */
export const circleMediaHandlers = [
  defineHandler({
    event: 'circle:media',
    schema: mediaSignalSchema,
    async handle(socket, input, { db, janus }) {
      spendSignal(socket);
      if (input.kind === 'leave') {
        janus?.leave(socket, input.circle_id, input.role);
        return {};
      }
      if (input.kind === 'ice') {
        await janus?.trickle(socket, input.circle_id, input.role ?? 'subscriber', input.candidate ?? null);
        return {};
      }
      if (!input.sdp && input.kind !== 'subscribe') throw badRequest('media_sdp_missing');
      const { circle, role, previewUntil } = await mediaAccess(
        db,
        socket.data.viewer.userId,
        input.circle_id,
      );
      if (input.kind === 'publish' && role !== 'host') throw forbidden('circle_host_only');
      if (input.kind !== 'publish' && role === 'host') throw badRequest('signal_self');
      const room = janus && circle.media === 'janus' ? await findJanusRoom(db, circle.id) : undefined;
      if (!janus || !room) throw conflict('circle_not_on_janus');
      if (input.kind === 'publish') {
        return { sdp: await janus.publish(socket, room, input.sdp!, circle.source_type !== 'audio') };
      }
      if (input.kind === 'subscribe') return { sdp: await janus.subscribe(socket, room, previewUntil) };
      await janus.answer(socket, circle.id, input.sdp!);
      return {};
    },
  }),
];
