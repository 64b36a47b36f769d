import { showInputSchema } from '@common/schemas/admin.ts';
import * as auth from '@common/schemas/auth.ts';
import * as circles from '@common/schemas/circles.ts';
import { contactMessageSchema } from '@common/schemas/contact.ts';
import { sendMessageSchema } from '@common/schemas/messages.ts';
import * as posts from '@common/schemas/posts.ts';
import * as profiles from '@common/schemas/profiles.ts';
import { createReportSchema, REPORT_REASONS } from '@common/schemas/reports.ts';
import * as settings from '@common/schemas/settings.ts';
import { wallPostInputSchema } from '@common/schemas/wall.ts';
import type { Database_ } from '@server/db/database.ts';
import { MEMBER_LIMITS } from '@server/http/rateLimit.ts';
import { type BadCase, casesFor, isErrorBody, type Target, validBodies } from '@server/test/badInput.ts';
import { makeCircle } from '@server/test/circles.ts';
import {
  dialects,
  makeUser,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 14, "generated bad input": every mutating route of the app gets CASES generated requests
// (broken fields from its shared zod schema, bodies the parser must refuse, hostile path ids), sent
// in-process with app.inject as a signed-in member with our Origin; none may answer 5xx, every 4xx
// has the error shape, and a refused request changes no table. Request lines written byte for byte
// (percent-encoded paths, absolute form) are in generatedInputRaw.test.ts. A failure names its seed:
// BAD_INPUT_SEED=<seed> replays the same cases (BAD_INPUT_CASES changes how many).

const CASES = Number(process.env.BAD_INPUT_CASES ?? 1000);
const SEED = Number(process.env.BAD_INPUT_SEED ?? Date.now() % 2 ** 31);
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Fixture = keyof Awaited<ReturnType<typeof makeFixtures>>['ids'];
type Actor = 'member' | 'admin' | 'visitor';
interface RouteSpec {
  /** The shared schema of the body; none for a route that reads no body. */
  schema?: Target['schema'];
  valid?: fc.Arbitrary<Record<string, unknown>>;
  params?: Record<string, Fixture>;
  /** Further ids its params must never take, beyond ids of other kinds (another member's post). */
  refuse?: Fixture[];
  actor?: Actor;
  multipart?: true;
  /** Tables a refused request may write: a failed sign-in is counted (sign_in_failures). */
  mayChange?: string[];
}

const email = fc
  .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: 1, maxLength: 12 })
  .map((name) => `${name}@example.com`);
const sitePath = fc.constantFrom('/auth/callback', '/', '/settings');
/** A route that takes a body of `schema`; `overrides` give valid values its generator cannot guess. */
const withBody = (
  schema: NonNullable<Target['schema']>,
  overrides: Record<string, fc.Arbitrary<unknown>> = {},
  rest: RouteSpec = {},
): RouteSpec => ({ schema, valid: validBodies(schema, overrides), ...rest });
const visitor: RouteSpec = { actor: 'visitor' };
const admin = { actor: 'admin' as const };
const hiddenAuth = { params: { '*': 'hiddenAuthEndpoint' as const } };
const show = withBody(showInputSchema, {
  show_date: fc.constant('2027-03-14'),
  starts_at: fc.constant('2027-03-14T19:30:00-05:00'),
  ticket_url: fc.constantFrom(null, '', 'https://example.org/tickets'),
});
const circleHost = { params: { id: 'circle' as const }, refuse: ['circleOfB' as const] };

/** Every mutating route (method and path as Fastify registered it) and what it takes. */
const ROUTES: Record<string, RouteSpec> = {
  'POST /api/auth/sign-up/email': withBody(auth.signUpSchema, { email, callbackURL: sitePath }, visitor),
  'POST /api/auth/sign-in/email': withBody(
    auth.signInSchema,
    { email, callbackURL: sitePath },
    {
      ...visitor,
      mayChange: ['sign_in_failures'],
    },
  ),
  'POST /api/auth/sign-out': {},
  'POST /api/auth/send-verification-email': withBody(
    auth.resendConfirmationSchema,
    { email, callbackURL: sitePath },
    visitor,
  ),
  'POST /api/auth/request-password-reset': withBody(
    auth.forgotPasswordSchema,
    { email, redirectTo: sitePath },
    visitor,
  ),
  'POST /api/auth/reset-password': withBody(auth.resetPasswordSchema, {}, visitor),
  'POST /api/auth/*': hiddenAuth,
  'PUT /api/auth/*': hiddenAuth,
  'PATCH /api/auth/*': hiddenAuth,
  'DELETE /api/auth/*': hiddenAuth,
  'POST /api/contact': withBody(contactMessageSchema, { email }),
  'POST /api/media': { multipart: true },
  'POST /api/posts': withBody(posts.createPostSchema),
  'PATCH /api/posts/:id': withBody(
    posts.updatePostSchema,
    {},
    { params: { id: 'post' }, refuse: ['postOfB'] },
  ),
  'DELETE /api/posts/:id': { params: { id: 'post' }, refuse: ['postOfB'] },
  'PUT /api/posts/:id/like': { params: { id: 'post' } },
  'DELETE /api/posts/:id/like': { params: { id: 'post' } },
  'POST /api/posts/:id/shares': { params: { id: 'post' } },
  'POST /api/posts/:id/views': { params: { id: 'post' } },
  'POST /api/posts/:id/comments': { ...withBody(posts.createCommentSchema), params: { id: 'post' } },
  'DELETE /api/comments/:id': { params: { id: 'comment' }, refuse: ['commentOfB'] },
  'POST /api/notifications/read-all': {},
  'POST /api/notifications/:id/read': { params: { id: 'notification' }, refuse: ['notificationOfB'] },
  'PATCH /api/profiles/me/details': withBody(profiles.profileDetailsSchema, {
    website: fc.constantFrom('', 'https://example.org'),
  }),
  'PATCH /api/profiles/me/avatar': withBody(profiles.avatarInputSchema),
  'PATCH /api/profiles/me/cover': withBody(profiles.coverInputSchema),
  'PUT /api/profiles/me/video': withBody(profiles.profileVideoInputSchema),
  'DELETE /api/profiles/me/video': {},
  'PUT /api/follows/:userId': { params: { userId: 'user' } },
  'DELETE /api/follows/:userId': { params: { userId: 'user' } },
  'PUT /api/blocks/:userId': { params: { userId: 'user' } },
  'DELETE /api/blocks/:userId': { params: { userId: 'user' } },
  'PUT /api/mutes/:userId': { params: { userId: 'user' } },
  'DELETE /api/mutes/:userId': { params: { userId: 'user' } },
  'POST /api/profiles/:id/wall': { ...withBody(wallPostInputSchema), params: { id: 'user' } },
  'POST /api/pending-posts/:id/approve': { params: { id: 'pending' }, refuse: ['pendingOfB'] },
  'POST /api/pending-posts/:id/reject': { params: { id: 'pending' }, refuse: ['pendingOfB'] },
  'POST /api/friend-requests/:id/accept': { params: { id: 'user' } },
  'POST /api/friend-requests/:id/decline': { params: { id: 'user' } },
  'PATCH /api/settings/account': withBody(settings.updateAccountSchema),
  'PATCH /api/settings/profile-details': withBody(settings.updateBioSchema),
  'PATCH /api/settings/privacy': withBody(settings.updatePrivacySchema),
  'PATCH /api/settings/preferences': withBody(settings.updatePreferencesSchema),
  'POST /api/settings/delete-account': withBody(settings.deleteAccountSchema),
  'POST /api/conversations/with/:userId/messages': withBody(
    sendMessageSchema,
    { client_id: fc.uuid() },
    {
      params: { userId: 'user' },
    },
  ),
  'POST /api/conversations/with/:userId/read': { params: { userId: 'user' } },
  'POST /api/conversations/with/:userId/request/accept': { params: { userId: 'user' } },
  'DELETE /api/conversations/with/:userId/request': { params: { userId: 'user' } },
  // A created circle is scheduled: a live one would be ended by the stale-circle job mid-run.
  'POST /api/circles': withBody(circles.createCircleSchema, { mode: fc.constant('scheduled') }),
  'POST /api/circles/:id/join': { params: { id: 'circle' } },
  'POST /api/circles/:id/requests': { params: { id: 'circle' } },
  'POST /api/circles/:id/requests/:userId/approve': { params: { id: 'circle', userId: 'user' } },
  'POST /api/circles/:id/requests/:userId/decline': { params: { id: 'circle', userId: 'user' } },
  'POST /api/circles/:id/preview': { params: { id: 'circle' } },
  'POST /api/circles/:id/chat': { ...withBody(circles.chatInputSchema), ...circleHost },
  'POST /api/circles/:id/live': { ...withBody(circles.goLiveSchema), ...circleHost },
  'POST /api/circles/:id/heartbeat': circleHost,
  'POST /api/circles/:id/end': circleHost,
  'POST /api/spotlight/refresh': {},
  'DELETE /api/admin/members/:id': { params: { id: 'me' }, ...admin },
  'PUT /api/admin/members/:id/admin-role': { params: { id: 'me' }, ...admin },
  'DELETE /api/admin/members/:id/admin-role': { params: { id: 'me' }, ...admin },
  'POST /api/admin/shows': { ...show, ...admin },
  'PUT /api/admin/shows/:id': { ...show, params: { id: 'show' }, ...admin },
  'POST /api/reports': withBody(createReportSchema, {
    reason: fc.constantFrom(...Object.keys(REPORT_REASONS).filter((r) => r !== 'other')),
  }),
  'POST /api/admin/reports/:id/dismiss': { params: { id: 'report' }, ...admin },
  'POST /api/admin/reports/:id/remove': { params: { id: 'report' }, ...admin },
  'POST /api/admin/reports/:id/suspend': { params: { id: 'report' }, ...admin },
  'POST /api/admin/members/:id/suspend': { params: { id: 'me' }, ...admin },
  'POST /api/admin/members/:id/restore': { params: { id: 'me' }, ...admin },
  'DELETE /api/admin/shows/:id': { params: { id: 'show' }, ...admin },
};

/** Two members and an admin, and one of everything a path can name: theirs and another's. */
async function makeFixtures(server: TestServer) {
  const [a, b, boss] = [await makeUser(server), await makeUser(server), await makeUser(server)];
  await server.built.ctx.database.db
    .insertInto('user_roles')
    .values({ user_id: boss.me.id, role: 'admin' })
    .execute();
  const made = async (client: TestClient, method: string, url: string, body?: unknown) => {
    const res = await client.request(method, url, method === 'GET' ? undefined : (body ?? {}));
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const post = (await made(a.client, 'POST', '/api/posts', { content: 'Mine' })).id;
  const postOfB = (await made(b.client, 'POST', '/api/posts', { content: 'Theirs' })).id;
  await made(b.client, 'PUT', `/api/follows/${a.me.id}`); // a friend request, and A's notification
  await made(a.client, 'PUT', `/api/follows/${b.me.id}`);
  const reportOfB = { target_type: 'post', reason: 'spam' };
  const firstNotification = async (client: TestClient) =>
    (await made(client, 'GET', '/api/notifications')).notifications[0].id;
  const ids = {
    me: a.me.id as string,
    user: b.me.id as string,
    post,
    postOfB,
    comment: (await made(a.client, 'POST', `/api/posts/${post}/comments`, { content: 'c' })).id,
    commentOfB: (await made(b.client, 'POST', `/api/posts/${postOfB}/comments`, { content: 'c' })).id,
    pending: (await made(b.client, 'POST', `/api/profiles/${a.me.id}/wall`, { content: 'For A' }))
      .pending_post.id,
    pendingOfB: (await made(a.client, 'POST', `/api/profiles/${b.me.id}/wall`, { content: 'For B' }))
      .pending_post.id,
    notification: await firstNotification(a.client),
    notificationOfB: await firstNotification(b.client),
    circle: (await makeCircle(a.client, { mode: 'scheduled' })).id,
    circleOfB: (await makeCircle(b.client, { mode: 'scheduled' })).id,
    show: (await made(boss.client, 'POST', '/api/admin/shows', fc.sample(show.valid!, 1)[0])).id,
    report: (await made(a.client, 'POST', '/api/reports', { ...reportOfB, target_id: postOfB })).id,
    hiddenAuthEndpoint: 'update-user',
  };
  const cookie = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    ids,
    cookies: { member: cookie(a.client), admin: cookie(boss.client), visitor: '' } as Record<Actor, string>,
  };
}
type Fixtures = Awaited<ReturnType<typeof makeFixtures>>;

/** The kind of thing a fixture is: an id of another kind must never be taken where this one goes. */
const kindOf = (fixture: string) => (fixture === 'me' ? 'user' : fixture.replace(/OfB$/, ''));
// Better Auth endpoints we hide, and ways to walk to them from the catch-all.
const HIDDEN_AUTH =
  'list-sessions delete-user change-email revoke-sessions change-password ..%5csign-out sign-out%2f.. reset-password%2f..%2flist-sessions'.split(
    ' ',
  );

function targetOf(key: string, spec: RouteSpec, fixtures: Fixtures) {
  const [method, url] = key.split(' ') as [string, string];
  const params = Object.fromEntries(
    Object.entries(spec.params ?? {}).map(([name, f]) => [name, fixtures.ids[f]]),
  );
  const kinds = new Set(Object.values(spec.params ?? {}).map(kindOf));
  const refusedIds = Object.entries(fixtures.ids)
    .filter(([name]) => !kinds.has(kindOf(name)) || spec.refuse?.includes(name as Fixture))
    .map(([, id]) => id)
    .concat(kinds.has('hiddenAuthEndpoint') ? HIDDEN_AUTH : []);
  const anyValue = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
  const valid = spec.valid ?? fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { maxKeys: 3 });
  return {
    method,
    url,
    schema: spec.schema,
    valid,
    params,
    refusedIds,
    multipart: spec.multipart,
  } satisfies Target;
}

/** Member limits are counted before validation: raised for this server, so 429s hide nothing. */
async function startServer(dialect: (typeof dialects)[number]): Promise<TestServer> {
  const saved = structuredClone(MEMBER_LIMITS);
  for (const limit of Object.values(MEMBER_LIMITS)) (limit as { max: number }).max = 1_000_000;
  try {
    return await startTestServer(dialect, {
      authRateLimit: { perIp: 1_000_000, perEmail: 1_000_000, windowMs: 60_000 },
      contactRateLimit: { perIp: 1_000_000, windowMs: 60_000 },
    });
  } finally {
    for (const [name, limit] of Object.entries(saved))
      Object.assign(MEMBER_LIMITS[name as keyof typeof MEMBER_LIMITS], limit);
  }
}

// ---- The database before and after ----

type Fingerprint = Map<string, string>;

/**
 * One query answering, for every table, its row count and a digest of all its rows (a test database
 * is small), so inserts, deletes and updates all show.
 */
async function fingerprinter(database: Database_, exclude: string[]): Promise<() => Promise<Fingerprint>> {
  const { db, dialect } = database;
  const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
  let query: string;
  if (dialect === 'postgres') {
    const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
    const digests = rows
      .filter((r) => !exclude.includes(r.name))
      .map(
        (r) => `'${r.name}', (select count(*)::text || ':' ||
          coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from ${q(r.name)} x)`,
      );
    // One row of JSON objects (of at most 50 pairs: the function takes 100 arguments), not a UNION of
    // one row per table, which PostgreSQL took eight times longer to plan.
    const objects = [];
    for (let at = 0; at < digests.length; at += 50)
      objects.push(`json_build_object(${digests.slice(at, at + 50).join(', ')})`);
    query = `select json_build_array(${objects.join(', ')}) as f`;
  } else {
    const { rows } = await sql<{ t: string; c: string }>`select m.name as t, p.name as c
      from sqlite_master m join pragma_table_info(m.name) p
      where m.type = 'table' and m.name not like 'sqlite_%' order by m.name, p.cid`.execute(db);
    const columns = new Map<string, string[]>();
    for (const r of rows) if (!exclude.includes(r.t)) columns.set(r.t, [...(columns.get(r.t) ?? []), r.c]);
    query = [...columns]
      .map(
        ([t, cols]) => `select '${t}' as t, (select count(*) || ':' || coalesce(group_concat(r, char(30)), '')
          from (select ${cols.map((c) => `quote(${q(c)})`).join(` || ',' || `)} as r from ${q(t)})) as h`,
      )
      .join(' union all ');
  }
  if (dialect === 'postgres') {
    return async () => {
      const { rows } = await sql<{ f: Array<Record<string, string>> }>`${sql.raw(query)}`.execute(db);
      return new Map(rows[0]!.f.flatMap((object) => Object.entries(object)));
    };
  }
  const full = async () => {
    const { rows } = await sql<{ t: string; h: string }>`${sql.raw(query)}`.execute(db);
    return new Map(rows.map((r) => [r.t, r.h]));
  };
  // The app writes SQLite through this one connection: while its count of changed rows stands
  // still, nothing was written (it also counts writes rolled back, which the digest then clears).
  let last: { changes: number; fingerprint: Fingerprint } | undefined;
  return async () => {
    const { rows } = await sql<{ n: number }>`select total_changes() as n`.execute(db);
    if (last?.changes !== rows[0]!.n) last = { changes: rows[0]!.n, fingerprint: await full() };
    return last.fingerprint;
  };
}

/** Tables whose rows differ between two fingerprints. */
const changedTables = (before: Fingerprint, after: Fingerprint) =>
  [...after.keys()].filter((t) => before.get(t) !== after.get(t));

const clip = (text: string, n: number) =>
  text.length > n ? `${text.slice(0, n)}... (${text.length} chars)` : text;
const describeCase = (c: BadCase) => {
  const payload = Buffer.isBuffer(c.payload)
    ? `<${c.payload.length} bytes>`
    : JSON.stringify(clip(c.payload ?? '', 160));
  return `${c.method} ${clip(c.url, 120)} [${c.kind}] ${c.contentType ?? '(no content-type)'} ${payload}`;
};

interface Outcome {
  failures: string[];
  statuses: Record<number, number>;
  /** Answered before validation (rate limited, or not signed in): such a case tested nothing. */
  untested: number;
}

/**
 * Sends the cases in batches between two fingerprints (a case the schema accepts goes alone, since
 * it may change something); a batch of refused cases must leave every table as it was.
 */
async function runCases(
  cases: BadCase[],
  send: (c: BadCase) => Promise<{ status: number; body: string }>,
  fingerprint: () => Promise<Fingerprint>,
  mayChange: string[] = [],
): Promise<Outcome> {
  const outcome: Outcome = { failures: [], statuses: {}, untested: 0 };
  const batches: BadCase[][] = [];
  for (const c of cases) {
    const last = batches.at(-1);
    if (c.expect !== 'any' && last && last.length < 50 && last[0]!.expect !== 'any') last.push(c);
    else batches.push([c]);
  }
  let before = await fingerprint();
  for (const batch of batches) {
    if (outcome.failures.length >= 20) break;
    const answers = await Promise.all(batch.map(send));
    const after = await fingerprint();
    const changed = changedTables(before, after).filter((t) => !mayChange.includes(t));
    before = after;
    let accepted = false;
    batch.forEach((c, i) => {
      const { status, body } = answers[i]!;
      outcome.statuses[status] = (outcome.statuses[status] ?? 0) + 1;
      if (status === 429 || (status === 401 && body.includes('"unauthorized"'))) outcome.untested += 1;
      accepted ||= status < 400;
      const problem =
        status >= 500
          ? 'a server error'
          : status >= 400 && !isErrorBody(body)
            ? 'an error without { error: { code, message } }'
            : c.expect === 'refused' && status < 400
              ? 'accepted, though it breaks the schema or the parser'
              : null;
      if (problem) outcome.failures.push(`${problem}: ${describeCase(c)} -> ${status} ${clip(body, 300)}`);
    });
    if (changed.length > 0 && !(accepted && batch[0]!.expect === 'any')) {
      const list = batch.map(describeCase).join('\n  ');
      outcome.failures.push(`tables changed (${changed.join(', ')}) by refused requests:\n  ${list}`);
    }
  }
  return outcome;
}

describe.each(dialects)('generated bad input (%s)', (dialect) => {
  let server: TestServer;
  let fixtures: Fixtures;
  let fingerprint: () => Promise<Map<string, string>>;
  let sent = 0;

  beforeAll(async () => {
    server = await startServer(dialect);
    fixtures = await makeFixtures(server);
    // Written by the jobs runner on its own schedule (leases, the daily spotlight), not by requests.
    fingerprint = await fingerprinter(server.built.ctx.database, ['job_leases', 'spotlight_entries']);
  });
  afterAll(() => server?.close());

  /** Sends a case through the real app in-process, from its own address (per-IP limits). */
  const inject = (actor: Actor) => async (c: BadCase) => {
    sent += 1;
    const headers: Record<string, string> = { origin: server.baseUrl };
    if (fixtures.cookies[actor]) headers.cookie = fixtures.cookies[actor];
    if (c.contentType !== undefined) headers['content-type'] = c.contentType;
    const res = await server.built.app.inject({
      method: c.method as 'POST',
      url: c.url,
      headers,
      payload: c.payload,
      remoteAddress: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
    });
    return { status: res.statusCode, body: res.body };
  };

  it('has a generator for every mutating route the app registers, and for no other', () => {
    const registered = server.built.routes
      .filter((r) => MUTATING.has(r.method))
      .map((r) => `${r.method} ${r.url}`);
    expect(
      registered.filter((key) => !ROUTES[key]),
      'routes without an entry in ROUTES',
    ).toEqual([]);
    expect(
      Object.keys(ROUTES).filter((key) => !registered.includes(key)),
      'entries for no route',
    ).toEqual([]);
  });

  it('generates valid bodies the schemas accept (so each broken case breaks one thing)', () => {
    for (const [key, spec] of Object.entries(ROUTES)) {
      if (!spec.schema || !spec.valid) continue;
      for (const body of fc.sample(spec.valid, { numRuns: 50, seed: SEED })) {
        expect(spec.schema.safeParse(body).success, `${key}: ${JSON.stringify(body)}`).toBe(true);
      }
    }
  });

  it('sees what an accepted request updates (so a refused one that wrote would show)', async () => {
    const before = await fingerprint();
    const payload = JSON.stringify({ followers_visible: false }); // members start with true
    const flip = {
      kind: 'valid',
      method: 'PATCH',
      url: '/api/settings/privacy',
      payload,
      expect: 'any',
    } as const;
    expect((await inject('member')({ ...flip, contentType: 'application/json' })).status).toBe(200);
    expect(changedTables(before, await fingerprint())).toEqual(['profiles']);
  });

  it.each(Object.keys(ROUTES))(
    `%s: ${CASES} cases, no 5xx, refused ones change nothing`,
    async (key) => {
      const spec = ROUTES[key]!;
      const seed = SEED + [...key].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 0);
      const cases = casesFor(targetOf(key, spec, fixtures), CASES, seed);
      const outcome = await runCases(cases, inject(spec.actor ?? 'member'), fingerprint, spec.mayChange);
      const where = `${key} (${dialect}; reproduce with BAD_INPUT_SEED=${SEED})`;
      expect(outcome.failures, where).toEqual([]);
      // A 429 or a lost session answers before validation: such a case tested nothing.
      expect(
        outcome.untested,
        `${where}: answers before validation ${JSON.stringify(outcome.statuses)}`,
      ).toBeLessThanOrEqual(CASES * 0.05);
      expect(cases.length).toBe(CASES);
    },
    300_000,
  );
});
