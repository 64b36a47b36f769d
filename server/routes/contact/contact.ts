import { CONTACT_SUBJECT_LABELS } from '@common/options.ts';
import { contactMessageSchema } from '@common/schemas/contact.ts';
import { type AppContext, optionalViewer } from '@server/context.ts';
import { enforceLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';

export function contactRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limit = app.createRateLimit({
    max: ctx.config.contactRateLimit.perIp,
    timeWindow: ctx.config.contactRateLimit.windowMs,
    keyGenerator: (request) => `contact:${request.ip}`,
  });

  // Visitors and members alike; stored first, then mailed to CONTACT_EMAIL.
  app.post('/api/contact', async (request, reply) => {
    await enforceLimit(limit, request);
    const input = parseInput(contactMessageSchema, request.body);
    const viewer = await optionalViewer(ctx, request);
    const id = uuidv7();
    await ctx.database.db
      .insertInto('contact_messages')
      .values({ id, user_id: viewer?.userId ?? null, ...input, created_at: new Date().toISOString() })
      .execute();
    try {
      await ctx.mailer.send({
        to: ctx.config.contactEmail,
        replyTo: input.email,
        subject: `[Splikz contact] ${CONTACT_SUBJECT_LABELS[input.subject]} from ${input.name}`,
        text: `From: ${input.name} <${input.email}>\nSubject: ${CONTACT_SUBJECT_LABELS[input.subject]}\n\n${input.message}`,
      });
    } catch (error) {
      // The message is stored; a mail outage must not make the visitor send it twice.
      request.log.error({ err: error, contactMessageId: id }, 'contact mail failed');
    }
    return reply.status(201).send({ id });
  });
}
