import type { Database_ } from '@server/db/database.ts';
import { type BadCase, casesFor, isErrorBody, isMastodonErrorBody } from '@server/test/badInput.ts';
import {
  type Actor,
  type Fixtures,
  makeFixtures,
  mastodonFace,
  ROUTES,
  startServer,
  targetOf,
} from '@server/test/badInputRoutes.ts';
import { dialects, type TestServer } from '@server/test/harness.ts';
import { soakSize } from '@server/test/soak.ts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 14, "generated bad input": every mutating route of the app gets CASES generated requests
// (broken fields from its shared zod schema, bodies the parser must refuse, hostile path ids), sent
// in-process with app.inject as a signed-in member with our Origin; none may answer 5xx, every 4xx
// has the error shape, and a refused request changes no table. The Mastodon client API's routes
// (issue 53) are sent as its apps send them: the member's app token, no cookie, no Origin, and
// broken bodies as forms too; their errors have Mastodon's shape ({ error: "…" }). Request lines
// written byte for byte (percent-encoded paths, absolute form) are in generatedInputRaw.test.ts. A failure names its seed:
// BAD_INPUT_SEED=<seed> replays the same cases (BAD_INPUT_CASES changes how many).

// 1,000 a route in `npm run test:soak`, 100 in `npm test`, from the same fixed seed.
const CASES = Number(process.env.BAD_INPUT_CASES ?? soakSize(100, 1000));
// A fixed seed by default, so a run that lands is a run that can be repeated; set BAD_INPUT_SEED to explore.
const SEED = Number(process.env.BAD_INPUT_SEED ?? 20261124);
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
  errorShape: { ok: (body: string) => boolean; name: string } = {
    ok: isErrorBody,
    name: '{ error: { code, message } }',
  },
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
      const signedOut = body.includes('"unauthorized"') || body.includes('"oauth_token_invalid"');
      if (status === 429 || (status === 401 && signedOut)) outcome.untested += 1;
      accepted ||= status < 400;
      const problem =
        status >= 500
          ? 'a server error'
          : status >= 400 && !errorShape.ok(body)
            ? `an error without ${errorShape.name}`
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

/**
 * The Mastodon client API's error shape; or the app's, for what is answered before the request
 * reaches a route of its (an address that cannot be decoded, a path part too long to route).
 */
const BEFORE_ROUTING = new Set(['bad_url', 'max_param_length']);
const mastodonErrorShape = {
  ok: (body: string) =>
    isMastodonErrorBody(body) || (isErrorBody(body) && BEFORE_ROUTING.has(JSON.parse(body).error.code)),
  name: '{ error: "…" } (or, before routing, { error: { code, message } })',
};

describe.each(dialects)('generated bad input (%s)', (dialect) => {
  let server: TestServer;
  let fixtures: Fixtures;
  let fingerprint: () => Promise<Map<string, string>>;
  let sent = 0;

  beforeAll(async () => {
    server = await startServer(dialect);
    fixtures = await makeFixtures(server);
    // Written by the jobs runner on its own schedule (leases, the daily spotlight), not by requests; and
    // the cache's table numbers, which triggers move with the rows a request writes (those rows show).
    fingerprint = await fingerprinter(server.built.ctx.database, [
      'job_leases',
      'spotlight_entries',
      'table_versions',
    ]);
  });
  afterAll(() => server?.close());

  /**
   * Sends a case through the real app in-process, from its own address (per-IP limits): as the web
   * app sends it (our Origin, the actor's cookie), or to the Mastodon client API as an app does (the
   * actor's token, no cookie, no Origin).
   */
  const inject =
    (actor: Actor, app = false) =>
    async (c: BadCase) => {
      sent += 1;
      const headers: Record<string, string> = app ? {} : { origin: server.baseUrl };
      if (app && fixtures.tokens[actor]) headers.authorization = `Bearer ${fixtures.tokens[actor]}`;
      if (!app && fixtures.cookies[actor]) headers.cookie = fixtures.cookies[actor];
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
      const app = mastodonFace(key);
      const outcome = await runCases(
        cases,
        inject(spec.actor ?? 'member', app),
        fingerprint,
        spec.mayChange,
        app ? mastodonErrorShape : undefined,
      );
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
