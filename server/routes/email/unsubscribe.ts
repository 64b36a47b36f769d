import { isLanguageCode } from '@common/options.ts';
import { DEFAULT_PREFERENCES } from '@common/schemas/settings.ts';
import type { AppContext } from '@server/context.ts';
import { errorBody } from '@server/http/errors.ts';
import { escapeHtml } from '@server/http/escapeHtml.ts';
import { languageFromHeader, translator } from '@server/i18n/translate.ts';
import { EMAIL_KINDS, type EmailKind, readUnsubscribeLink } from '@server/mail/unsubscribe.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TFunction } from 'i18next';

function page(lang: string, title: string, body: string) {
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Splikz</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#1e293b;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0;padding:16px}main{background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:32px;max-width:28rem}h1{font-size:1.5rem;margin:0 0 12px}button{background:#4f46e5;color:#fff;border:0;border-radius:8px;padding:10px 16px;font-size:1rem;cursor:pointer}button:focus-visible{outline:2px solid #4338ca;outline-offset:2px}a{color:#4338ca}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const kindName = (t: TFunction, kind: EmailKind) =>
  kind === 'digest' ? t('the daily New posts email') : t('Updates emails from Splikz');

/**
 * /unsubscribe: the link in every notification email. GET asks (mail scanners open links; they do not
 * press buttons); POST, from that page's button or a mail client's one-click List-Unsubscribe-Post,
 * turns the one switch off. The signed link is the only credential: no session, and no Origin check
 * (mail clients send none; the signature is what makes it the member's own request).
 */
export function unsubscribeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const settings = `${ctx.config.publicUrl}/settings/notifications`;

  async function languageOf(request: FastifyRequest, userId: string | null) {
    if (userId) {
      const row = await db
        .selectFrom('user_settings')
        .select('language')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (row && isLanguageCode(row.language)) return row.language;
    }
    return languageFromHeader(request.headers['accept-language']) ?? 'en-US';
  }

  // People (a browser, the page's form) get pages; other clients (a mail client's one-click POST) get JSON.
  const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

  async function refuse(request: FastifyRequest, reply: FastifyReply) {
    const language = await languageOf(request, null);
    const t = translator(language);
    if (!wantsPage(request)) {
      return reply.status(400).send(errorBody('invalid_link'));
    }
    return reply
      .status(400)
      .type('text/html; charset=utf-8')
      .send(
        page(
          language,
          t('This unsubscribe link is not valid'),
          `<p>${escapeHtml(t('It may be cut short. You can turn emails off in your notification settings.'))}</p><p><a href="${escapeHtml(settings)}">${escapeHtml(t('Notification settings'))}</a></p>`,
        ),
      );
  }

  app.register(async (scope) => {
    // HTML forms and RFC 8058 one-click requests send a small form body; nothing in it is needed.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_r, _b, done) => done(null, {}),
    );

    scope.get('/unsubscribe', async (request, reply) => {
      const link = readUnsubscribeLink(ctx.config.authSecret, request.query as Record<string, unknown>);
      if (!link) return refuse(request, reply);
      const language = await languageOf(request, link.userId);
      const t = translator(language);
      const action = `/unsubscribe?${new URLSearchParams(request.query as Record<string, string>).toString()}`;
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            language,
            t('Unsubscribe'),
            `<p>${escapeHtml(t('Stop getting {{what}}?', { what: kindName(t, link.kind) }))}</p><form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(t('Unsubscribe'))}</button></form>`,
          ),
        );
    });

    scope.post('/unsubscribe', { config: { withoutOrigin: true } }, async (request, reply) => {
      const link = readUnsubscribeLink(ctx.config.authSecret, request.query as Record<string, unknown>);
      if (!link) return refuse(request, reply);
      const field = EMAIL_KINDS[link.kind];
      const now = new Date().toISOString();
      const member = await db
        .selectFrom('user')
        .select('id')
        .where('id', '=', link.userId)
        .executeTakeFirst();
      if (member) {
        await db
          .insertInto('user_settings')
          .values({
            ...DEFAULT_PREFERENCES,
            [field]: false,
            user_id: link.userId,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ [field]: false, updated_at: now }))
          .execute();
      }
      if (!wantsPage(request)) return { unsubscribed: link.kind };
      const language = await languageOf(request, link.userId);
      const t = translator(language);
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            language,
            t('You are unsubscribed'),
            `<p>${escapeHtml(t('You will no longer get {{what}}. You can turn it back on in your notification settings.', { what: kindName(t, link.kind) }))}</p><p><a href="${escapeHtml(settings)}">${escapeHtml(t('Notification settings'))}</a></p>`,
          ),
        );
    });
  });
}
