import {
  type ConversationPage,
  conversationsQuerySchema,
  type Message,
  type MessagePage,
  messagesQuerySchema,
  type ReadReceipt,
  sendMessageSchema,
} from '@common/schemas/messages.ts';
import {
  acceptMessageRequest,
  deleteMessageRequest,
  readConversation,
  sendMessage,
} from '@server/commands/messages.ts';
import { runCommand } from '@server/commands/run.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { badRequest, notFound } from '@server/http/errors.ts';
import { idParam } from '@server/http/params.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { findParticipant, listConversations, pageMessages } from '@server/queries/messages.ts';
import type { FastifyInstance } from 'fastify';

type WithParams = { Params: { userId: string } };

/**
 * Direct messages (spec section 2 'Messages'). Every route is about the viewer and one other member,
 * named in the path: only the two of them can read or write their conversation, because the
 * conversation is looked up from the pair (viewer, other), never from an id the client sends.
 * A message request is the viewer's side of such a conversation, so only its recipient can accept
 * or delete it. Between members either of whom blocked the other, or with a suspended member, there
 * is no conversation: the list leaves it out, and reading, sending and answering one are a 404 as for
 * a missing member (findParticipant and the commands decide, through policies/blocks.ts).
 */
export function messageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const sendLimit = memberLimit(app, 'message');

  /** The other member's id from the path: never the viewer. */
  function otherId(viewerId: string, userId: string): string {
    if (userId === viewerId) throw badRequest('message_to_self');
    return idParam(userId, 'message_member_not_found');
  }

  app.get('/api/conversations', async (request): Promise<ConversationPage> => {
    const viewer = await requireViewer(ctx, request);
    const query = parseInput(conversationsQuerySchema, request.query);
    return listConversations(db, viewer.userId, query);
  });

  app.get<WithParams>(
    '/api/conversations/with/:userId/messages',
    async (request, reply): Promise<MessagePage> => {
      const viewer = await requireViewer(ctx, request);
      const query = parseInput(messagesQuerySchema, request.query);
      const other = await findParticipant(db, viewer.userId, otherId(viewer.userId, request.params.userId));
      if (!other) throw notFound('message_member_not_found');
      const page = await pageMessages(db, viewer.userId, other.id, query);
      reply.header('cache-control', 'no-store');
      return { other, ...page };
    },
  );

  app.post<WithParams>(
    '/api/conversations/with/:userId/messages',
    async (request, reply): Promise<Message> => {
      const viewer = await requireViewer(ctx, request);
      await sendLimit(request, viewer.userId);
      const input = parseInput(sendMessageSchema, request.body);
      const other = otherId(viewer.userId, request.params.userId);
      const { message, created } = await sendMessage(ctx, viewer.userId, other, input);
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.post<WithParams>('/api/conversations/with/:userId/read', async (request): Promise<ReadReceipt> => {
    const viewer = await requireViewer(ctx, request);
    const other = otherId(viewer.userId, request.params.userId);
    const receipt = await runCommand(ctx, (trx, after) => readConversation(trx, after, viewer.userId, other));
    return receipt ?? { conversation_id: null, reader_id: viewer.userId, up_to_id: null };
  });

  app.post<WithParams>('/api/conversations/with/:userId/request/accept', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const other = otherId(viewer.userId, request.params.userId);
    await runCommand(ctx, (trx, after) => acceptMessageRequest(trx, after, viewer.userId, other));
    return reply.status(204).send();
  });

  app.delete<WithParams>('/api/conversations/with/:userId/request', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const other = otherId(viewer.userId, request.params.userId);
    await runCommand(ctx, (trx) => deleteMessageRequest(trx, viewer.userId, other));
    return reply.status(204).send();
  });
}
