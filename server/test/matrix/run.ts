import type { TestContext } from 'vitest';
import { expect } from 'vitest';
import { type Fixtures, PASSWORD } from './fixtures.ts';
import { send, signIn } from './send.ts';
import { expected, type HttpRow, mastodonFace, rowKey, rowName, VIEWERS, type ViewerKind } from './table.ts';

// Runs one row of the matrix: each viewer's request, then one comparison of the whole row, so a
// failure shows every cell that differs side by side (expected vs received, per viewer).

/** Viewers whose column is checked: the suspended one only once a suspension could be made. */
export const checkedViewers = (f: Fixtures): ViewerKind[] =>
  VIEWERS.filter((viewer) => viewer !== 'suspended' || f.suspension === 'active');

async function cookieFor(f: Fixtures, row: HttpRow, viewer: ViewerKind): Promise<string | undefined> {
  if (viewer === 'visitor') return undefined;
  const member = f.members[viewer];
  if (!row.freshSession) return member.cookie;
  // A second session of the same member (a suspended one gets none and keeps its dead cookie).
  return (await signIn(f.server.baseUrl, member.email, PASSWORD)) ?? member.cookie;
}

/**
 * What the viewer's request proves who they are with: the session cookie, or on the Mastodon
 * client API's routes the viewer's app token alone (the visitor has neither).
 */
async function credentialsFor(
  f: Fixtures,
  row: HttpRow,
  viewer: ViewerKind,
): Promise<{ cookie?: string; bearer?: string; app?: boolean }> {
  const credential = row.credential ?? (mastodonFace(row.route) ? 'bearer' : 'cookie');
  if (credential === 'app') return { bearer: f.appToken, app: true };
  if (credential === 'cookie') return { cookie: await cookieFor(f, row, viewer) };
  if (viewer === 'visitor') return { app: true };
  const member = f.members[viewer];
  return { bearer: credential === 'read' ? member.readToken : member.token, app: true };
}

export async function checkRow(f: Fixtures, row: HttpRow, context: TestContext): Promise<void> {
  if (row.pending && !f.routes.has(rowKey(row))) {
    // TODO(issue 14): runs as soon as the route is registered.
    context.skip(`pending: ${row.pending}`);
  }
  const [method] = row.route.split(' ') as [string];
  const statuses: Partial<Record<ViewerKind, number>> = {};
  const wanted: Partial<Record<ViewerKind, number>> = {};
  /** Whether the answer names the row's hidden thing, for each viewer answered with a 2xx. */
  const found: Partial<Record<ViewerKind, boolean>> = {};
  const wantedFound: Partial<Record<ViewerKind, boolean>> = {};
  /** The start of each answer that differs, to tell why in the failure message. */
  const answers: string[] = [];
  for (const viewer of checkedViewers(f)) {
    const fresh = row.prepare ? await row.prepare(f, viewer) : {};
    const cx = { f, viewer, fresh };
    const answer = await send(f.server.baseUrl, method, row.path(cx), {
      ...(await credentialsFor(f, row, viewer)),
      body: row.body?.(cx),
      upload: row.upload,
    });
    statuses[viewer] = answer.status;
    const cell = expected(row.expect[viewer]);
    wanted[viewer] = cell.status;
    if (answer.status !== cell.status)
      answers.push(`${viewer}: ${answer.status} ${answer.text.slice(0, 160)}`);
    if (cell.bug)
      await context.annotate(`known bug, ${viewer}: ${JSON.stringify(row.expect[viewer])}`, 'notice');
    if (row.hides && answer.status < 300) {
      // Hidden from the viewers listed; everyone else finds it, so the check cannot pass vacuously.
      const hidden = row.hides.from.includes(viewer);
      found[viewer] = answer.text.includes(row.hides.what(f, fresh));
      wantedFound[viewer] = !hidden || Boolean(row.hides.bug);
      if (hidden && row.hides.bug)
        await context.annotate(`known leak, ${viewer}: ${row.hides.bug}`, 'notice');
    }
  }
  await row.after?.(f);
  expect(statuses, `${rowName(row)}: status per viewer\n${answers.join('\n')}\n`).toEqual(wanted);
  expect(found, `${rowName(row)}: is the hidden thing in the answer`).toEqual(wantedFound);
}

/**
 * Routes the server registered that no row covers, and rows for routes it did not register (a
 * renamed route). A HEAD route Fastify derives from a GET runs the GET's handler: the GET's row
 * covers it. Rows of routes still being written (pending) are not stale.
 */
export function coverage(registered: Set<string>, rows: HttpRow[]) {
  const covered = new Set(rows.filter((row) => !row.notARoute).map(rowKey));
  const missing = [...registered].filter(
    (key) => !covered.has(key) && !(key.startsWith('HEAD ') && covered.has(`GET ${key.slice(5)}`)),
  );
  const stale = rows
    .filter((row) => !row.notARoute && !row.pending && !registered.has(rowKey(row)))
    .map(rowName);
  return { missing, stale };
}
