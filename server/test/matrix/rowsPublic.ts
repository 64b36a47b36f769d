import { unsubscribeUrl } from '@server/mail/unsubscribe.ts';
import { makeUserInput } from '@server/test/harness.ts';
import { TestAuthenticator } from '@server/test/webauthn.ts';
import { v7 as uuidv7 } from 'uuid';
import { PASSWORD } from './fixtures.ts';
import { everyone, type HttpRow, members, type RowContext } from './table.ts';

// Routes open to everyone: health, readiness and metrics (METRICS_ALLOW decides on the peer address),
// the auth endpoints (a cookie authorizes nothing there: the credentials or the token in the request
// do), the contact form, stored uploads and the web app.

/** The viewer's own credentials; the visitor uses the owner's, as the owner would on a new device. */
const credentials = ({ f, viewer }: RowContext) => {
  const who = viewer === 'visitor' ? f.members.owner : f.members[viewer];
  return { email: who.email, password: PASSWORD };
};

/** Better Auth endpoints we hide: every method answers 404, whoever asks (list-sessions shows tokens). */
const HIDDEN_AUTH_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'QUERY'];

/** The owner's signed unsubscribe link (what their digest email carries), as a path. */
const ownersUnsubscribeLink = ({ f }: RowContext) => {
  const url = new URL(
    unsubscribeUrl(f.server.baseUrl, f.server.built.ctx.config.authSecret, f.members.owner.id, 'updates'),
  );
  return `${url.pathname}${url.search}`;
};

export const publicRows: HttpRow[] = [
  // The signed link is the credential (mail clients have no session); GET only asks.
  {
    route: 'GET /unsubscribe',
    variant: "the owner's link",
    path: ownersUnsubscribeLink,
    expect: everyone(200),
  },
  {
    route: 'POST /unsubscribe',
    variant: "the owner's link",
    path: ownersUnsubscribeLink,
    expect: everyone(200),
  },
  {
    route: 'POST /unsubscribe',
    variant: "another member's id under the owner's signature",
    path: (ctx) => ownersUnsubscribeLink(ctx).replace(ctx.f.members.owner.id, ctx.f.members.other.id),
    expect: everyone(400),
  },
  { route: 'GET /api/health', path: () => '/api/health', expect: everyone(200) },
  { route: 'GET /api/ready', path: () => '/api/ready', expect: everyone(200) },
  // Decided by the TCP peer (METRICS_ALLOW, loopback by default), not by who is signed in; every test
  // client connects from loopback. routes/metrics/metrics.test.ts checks a peer outside the list.
  { route: 'GET /metrics', path: () => '/metrics', expect: everyone(200) },
  {
    route: 'POST /api/auth/sign-up/email',
    path: () => '/api/auth/sign-up/email',
    body: () => ({ ...makeUserInput(), callbackURL: '/auth/callback' }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/auth/sign-in/email',
    variant: 'own credentials',
    path: () => '/api/auth/sign-in/email',
    body: credentials,
    // A suspended member gets no new session (Better Auth's session hook refuses it).
    expect: { ...everyone(200), suspended: 403 },
  },
  {
    route: 'POST /api/auth/request-password-reset',
    path: () => '/api/auth/request-password-reset',
    body: ({ f }) => ({ email: f.members.owner.email, redirectTo: '/auth' }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/auth/reset-password',
    variant: 'a token that was never sent',
    path: () => '/api/auth/reset-password',
    body: () => ({ token: 'notARealToken123', newPassword: 'secret456' }),
    expect: everyone(400),
  },
  {
    route: 'POST /api/auth/send-verification-email',
    path: () => '/api/auth/send-verification-email',
    body: ({ f }) => ({ email: f.members.owner.email, callbackURL: '/auth/callback' }),
    // With a session Better Auth answers about that session's account: 'Email mismatch' to
    // everyone but the owner, 'already verified' to the owner. Without one it says nothing either way.
    expect: { ...everyone(400), visitor: 200, suspended: 200 },
  },
  {
    route: 'POST /api/auth/change-password',
    variant: 'a current password that is not theirs',
    path: () => '/api/auth/change-password',
    // Only ever the session's own account (the body names no one): a guess is refused, nothing changes.
    body: () => ({ currentPassword: 'not-anyones-password', newPassword: 'secret456' }),
    expect: members(400),
  },
  // Two-factor sign-in: only ever the session's own account (no body names anyone); the second step of
  // a sign-in is the two_factor cookie's, which no viewer here has.
  { route: 'GET /api/auth/two-factor', path: () => '/api/auth/two-factor', expect: members(200) },
  {
    route: 'POST /api/auth/two-factor/enable',
    variant: 'a password that is not theirs',
    path: () => '/api/auth/two-factor/enable',
    body: () => ({ password: 'not-anyones-password' }),
    expect: members(400),
  },
  {
    route: 'POST /api/auth/two-factor/verify-totp',
    variant: 'a code with two-factor sign-in off',
    path: () => '/api/auth/two-factor/verify-totp',
    body: () => ({ code: '000000' }),
    expect: members(400),
  },
  {
    route: 'POST /api/auth/two-factor/verify-backup-code',
    variant: 'no sign-in waiting for its second step',
    path: () => '/api/auth/two-factor/verify-backup-code',
    body: () => ({ code: 'abcde-fghij' }),
    expect: everyone(401),
  },
  {
    route: 'POST /api/auth/two-factor/disable',
    variant: 'two-factor sign-in off',
    path: () => '/api/auth/two-factor/disable',
    body: () => ({ password: 'not-anyones-password', code: '000000' }),
    expect: members(400),
  },
  // Passkeys: only ever the viewer's own; adding one takes their password, another member's passkey
  // is not found, and signing in takes a challenge this browser asked for.
  { route: 'GET /api/auth/passkeys', path: () => '/api/auth/passkeys', expect: members(200) },
  {
    route: 'POST /api/auth/passkeys/options',
    variant: 'a password that is not theirs',
    path: () => '/api/auth/passkeys/options',
    body: () => ({ password: 'not-anyones-password' }),
    expect: members(400),
  },
  {
    route: 'POST /api/auth/passkeys',
    variant: 'no registration asked for',
    path: () => '/api/auth/passkeys',
    body: () => ({
      name: 'Laptop',
      response: new TestAuthenticator('http://127.0.0.1').create({ challenge: 'AAAA' }),
    }),
    expect: members(400),
  },
  {
    route: 'DELETE /api/auth/passkeys/:id',
    variant: "the owner's passkey",
    prepare: async (f) => {
      const id = uuidv7();
      await f.db
        .insertInto('passkey')
        .values({
          id,
          name: 'Laptop',
          publicKey: 'AAAA',
          userId: f.members.owner.id,
          credentialID: `matrix-${id}`,
          counter: 0,
          deviceType: 'singleDevice',
          backedUp: false,
          createdAt: new Date().toISOString(),
        })
        .execute();
      return { passkey: id };
    },
    path: ({ fresh }) => `/api/auth/passkeys/${fresh.passkey}`,
    expect: members(404, { owner: 204 }),
  },
  {
    route: 'POST /api/auth/passkey/sign-in-options',
    path: () => '/api/auth/passkey/sign-in-options',
    body: () => ({}),
    expect: everyone(200),
  },
  {
    route: 'POST /api/auth/passkey/sign-in',
    variant: 'no challenge asked for',
    path: () => '/api/auth/passkey/sign-in',
    body: () => ({ response: new TestAuthenticator('http://127.0.0.1').get({ challenge: 'AAAA' }) }),
    expect: everyone(400),
  },
  // "Where you're signed in": only ever the viewer's own sessions; another member's is not found.
  { route: 'GET /api/auth/sessions', path: () => '/api/auth/sessions', expect: members(200) },
  {
    route: 'DELETE /api/auth/sessions/:id',
    variant: "the owner's session on another device",
    prepare: async (f) => {
      const id = uuidv7();
      const now = new Date();
      await f.db
        .insertInto('session')
        .values({
          id,
          token: `matrix-${id}`,
          userId: f.members.owner.id,
          expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
          ipAddress: '203.0.113.9',
          userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
        })
        .execute();
      return { session: id };
    },
    path: ({ fresh }) => `/api/auth/sessions/${fresh.session}`,
    expect: members(404, { owner: 204 }),
  },
  {
    route: 'POST /api/auth/sessions/sign-out-others',
    // Each member's matrix session is their only one: it goes on, and the other rows with it.
    path: () => '/api/auth/sessions/sign-out-others',
    body: () => ({}),
    expect: members(200),
  },
  { route: 'GET /api/auth/get-session', path: () => '/api/auth/get-session', expect: everyone(200) },
  {
    route: 'POST /api/auth/sign-out',
    path: () => '/api/auth/sign-out',
    body: () => ({}),
    // Its own session: signing out must not end the session the viewer's other rows use.
    freshSession: true,
    expect: everyone(200),
  },
  {
    route: 'GET /api/auth/verify-email',
    variant: 'a token that was never sent',
    path: () => '/api/auth/verify-email?token=notARealToken&callbackURL=/auth/callback',
    expect: everyone(302),
  },
  {
    route: 'GET /api/auth/reset-password/:token',
    variant: 'a token that was never sent',
    path: () => '/api/auth/reset-password/notARealToken123?callbackURL=/auth',
    expect: everyone(302),
  },
  ...HIDDEN_AUTH_METHODS.map(
    (method): HttpRow => ({
      route: `${method} /api/auth/*`,
      variant: 'list-sessions',
      path: () => '/api/auth/list-sessions',
      // Fastify asks a content type of any method that may carry a body.
      ...(['GET', 'OPTIONS', 'TRACE'].includes(method) ? {} : { body: () => ({}) }),
      expect: everyone(404),
    }),
  ),
  {
    route: 'POST /api/contact',
    path: () => '/api/contact',
    body: () => ({ name: 'Pat', email: 'pat@example.com', subject: 'general', message: 'Hello there' }),
    expect: everyone(201),
  },
  // Uploads are served to anyone with the (unguessable) URL, as a CDN would.
  { route: 'GET /media/*', path: ({ f }) => f.mediaPath, expect: everyone(200) },
  { route: 'GET /index.html', path: () => '/index.html', expect: everyone(200) },
  // The link preview of a post is public (crawlers have no session), but not to a member it is hidden from.
  { route: 'GET /post/:id', path: ({ f }) => `/post/${f.post}`, expect: { ...everyone(200), blocked: 404 } },
  {
    route: 'GET /*',
    variant: 'a screen of the web app (not-found handler)',
    notARoute: true,
    path: () => '/faithverse/home',
    expect: everyone(200),
  },
  {
    route: 'GET /api/*',
    variant: 'no such API route (not-found handler)',
    notARoute: true,
    path: () => '/api/no-such-route',
    expect: everyone(404),
  },
];
