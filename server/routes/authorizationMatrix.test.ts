import type { AckResult } from '@common/realtime.ts';
import { dialects } from '@server/test/harness.ts';
import { buildFixtures, type Fixtures } from '@server/test/matrix/fixtures.ts';
import { CONTRACT_EVENTS, handledEvents, type Outcome, socketRows } from '@server/test/matrix/realtime.ts';
import { accountRows } from '@server/test/matrix/rowsAccount.ts';
import { adminRows } from '@server/test/matrix/rowsAdmin.ts';
import { circleRows } from '@server/test/matrix/rowsCircles.ts';
import { eventRows } from '@server/test/matrix/rowsEvents.ts';
import { groupRows } from '@server/test/matrix/rowsGroups.ts';
import { mastodonRows } from '@server/test/matrix/rowsMastodon.ts';
import { prayerRows } from '@server/test/matrix/rowsPrayer.ts';
import { publicRows } from '@server/test/matrix/rowsPublic.ts';
import { recipeRows } from '@server/test/matrix/rowsRecipes.ts';
import { socialRows } from '@server/test/matrix/rowsSocial.ts';
import { suspendedOwnerRows } from '@server/test/matrix/rowsSuspendedOwner.ts';
import { wallRows } from '@server/test/matrix/rowsWall.ts';
import { checkedViewers, checkRow, coverage } from '@server/test/matrix/run.ts';
import { rowName, type ViewerKind } from '@server/test/matrix/table.ts';
import { type ClientSocket, connected, connectSocket } from '@server/test/sockets.ts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The authorization matrix (issue 14): every route and every realtime event against every kind of
// viewer (server/test/matrix/table.ts says who they are), with the status or acknowledgement each
// should get. A route or event without a row fails the run. The table is in server/test/matrix/.

const rows = [
  ...publicRows,
  ...suspendedOwnerRows,
  ...accountRows,
  ...socialRows,
  ...wallRows,
  ...circleRows,
  ...groupRows,
  ...eventRows,
  ...prayerRows,
  ...recipeRows,
  ...adminRows,
  ...mastodonRows,
];

describe.each(dialects)('authorization matrix (%s)', (dialect) => {
  let f: Fixtures;
  beforeAll(async () => {
    f = await buildFixtures(dialect);
  }, 120_000);
  afterAll(async () => {
    await f?.close();
  });

  it('has a row for every route the server registers, and none for a route it does not', () => {
    const { missing, stale } = coverage(f.routes, rows);
    expect(missing, 'registered routes without a row in server/test/matrix/').toEqual([]);
    expect(stale, 'rows whose route is not registered').toEqual([]);
  });

  it('checks the suspended column (a member suspended through the admin route)', (context) => {
    // TODO(issue 14): until POST /api/admin/members/:id/suspend is registered the column is pending.
    if (f.suspension === 'pending') context.skip('pending: the suspend route is not registered yet');
    expect(f.suspension).toBe('active');
  });

  it('names every row once', () => {
    const names = rows.map(rowName);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  for (const row of rows.filter((r) => !r.phase)) {
    it(rowName(row), (context) => checkRow(f, row, context));
  }

  describe('realtime', () => {
    const tabs = new Map<ViewerKind, ClientSocket>();
    /** Whether each viewer's socket was let in, by viewer. */
    const connections: Partial<Record<ViewerKind, Outcome>> = {};

    beforeAll(async () => {
      for (const viewer of checkedViewers(f)) {
        const tab = connectSocket(f.server, viewer === 'visitor' ? null : f.members[viewer].client);
        try {
          await connected(tab);
          tabs.set(viewer, tab);
          connections[viewer] = 'ok';
        } catch {
          tab.close();
          connections[viewer] = 'refused';
        }
      }
    });
    afterAll(() => {
      for (const tab of tabs.values()) tab.close();
    });

    it('lets in signed-in members only', () => {
      const expected = Object.fromEntries(
        checkedViewers(f).map((v) => [v, v === 'visitor' || v === 'suspended' ? 'refused' : 'ok']),
      );
      expect(connections).toEqual(expected);
    });

    it('has a row for every client event the server handles', () => {
      const covered = new Set(socketRows.map((row) => row.event as string));
      expect(handledEvents.filter((event) => !covered.has(event))).toEqual([]);
      expect(CONTRACT_EVENTS.filter((event) => !covered.has(event))).toEqual([]);
    });

    for (const row of socketRows) {
      it(`${row.event} (${row.variant})`, async () => {
        const outcomes: Partial<Record<ViewerKind, Outcome>> = {};
        const wanted: Partial<Record<ViewerKind, Outcome>> = {};
        for (const viewer of checkedViewers(f)) {
          wanted[viewer] = row.expect[viewer];
          const tab = tabs.get(viewer);
          if (!tab) {
            outcomes[viewer] = 'refused';
            continue;
          }
          const answer: AckResult<unknown> = await (tab as unknown as Socket)
            .timeout(2000)
            .emitWithAck(row.event, row.payload(f, viewer));
          outcomes[viewer] = answer.ok ? 'ok' : answer.error.code;
        }
        expect(outcomes, `${row.event} (${row.variant}): acknowledgement per viewer`).toEqual(wanted);
      });
    }
  });

  // Then the rows that cut ties with the owner, and last those that delete the viewers' accounts.
  for (const row of [...rows.filter((r) => r.phase === 'ties'), ...rows.filter((r) => r.phase === 'last')]) {
    it(rowName(row), (context) => checkRow(f, row, context));
  }
});
