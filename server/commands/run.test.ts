import { existsSync } from 'node:fs';
import path from 'node:path';
import { dialects, signedInMember, startTestServer, type TestServer } from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from './notifications.ts';
import { type CommandContext, runCommand } from './run.ts';

describe.each(dialects)('runCommand (%s)', (dialect) => {
  let server: TestServer;
  let ctx: CommandContext;
  const heard: string[] = [];
  const logged: string[] = [];
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const built = server.built.ctx;
    // The real context, with a realtime layer and a log that remember what they were told.
    ctx = {
      database: built.database,
      media: built.media,
      realtime: {
        emit: (room, event, ..._args) => {
          heard.push(`${String(room)} ${event}`);
        },
        emitExcept: (room, _except, event, ..._args) => {
          heard.push(`${String(room)} ${event}`);
        },
        emitToUser: (ids, event, ..._args) => {
          heard.push(`${[ids].flat().join(',')} ${event}`);
        },
        disconnectUser: (id) => {
          heard.push(`disconnect ${id}`);
        },
        leaveRoom: (ids, room) => {
          heard.push(`${[ids].flat().join(',')} leave ${room}`);
        },
      },
      log: { warn: (_d, message) => logged.push(message), error: (_d, message) => logged.push(message) },
    };
    alice = (await signedInMember(server)).me.id;
    bob = (await signedInMember(server)).me.id;
  });
  afterAll(async () => server.close());

  const notificationsOf = (userId: string) =>
    ctx.database.db.selectFrom('notifications').select('id').where('user_id', '=', userId).execute();
  const storeFile = async (key: string) => {
    await ctx.media.put(key, Buffer.from('file'), 'image/jpeg');
    return path.join(server.dataDir, 'media', ...key.split('/'));
  };

  it('carries out what the command recorded only after it commits, once per member', async () => {
    heard.length = 0;
    const file = await storeFile(`u/${alice}/run-test-1.jpg`);
    const result = await runCommand(ctx, async (trx, after) => {
      await notify(trx, after, { userId: bob, fromUserId: alice, type: 'like' });
      await notify(trx, after, { userId: bob, fromUserId: alice, type: 'comment' });
      after.emitToUser(alice, 'notifications:changed');
      after.removeFiles({ id: 'x', storage_key: `u/${alice}/run-test-1.jpg`, variant_key: null });
      after.disconnectUser(alice);
      // Nothing has happened yet: the transaction is still open.
      expect(heard).toEqual([]);
      expect(existsSync(file)).toBe(true);
      return 'done';
    });
    expect(result).toBe('done');
    expect(heard).toEqual([
      `${alice} notifications:changed`,
      `disconnect ${alice}`,
      `${bob} notifications:changed`,
    ]);
    expect(existsSync(file)).toBe(false);
    expect(await notificationsOf(bob)).toHaveLength(2);
  });

  it('does nothing of what it recorded when the command fails', async () => {
    heard.length = 0;
    const before = (await notificationsOf(alice)).length;
    const file = await storeFile(`u/${bob}/run-test-2.jpg`);
    await expect(
      runCommand(ctx, async (trx, after) => {
        await notify(trx, after, { userId: alice, fromUserId: bob, type: 'like' });
        after.removeFiles({ id: 'y', storage_key: `u/${bob}/run-test-2.jpg`, variant_key: null });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(heard).toEqual([]);
    expect(existsSync(file)).toBe(true);
    expect(await notificationsOf(alice)).toHaveLength(before);
  });

  it('logs an effect that fails after the commit instead of failing what was committed', async () => {
    logged.length = 0;
    const result = await runCommand(ctx, async (_trx, after) => {
      after.run(() => {
        throw new Error('cache unreachable');
      });
      return 42;
    });
    expect(result).toBe(42);
    expect(logged).toEqual(['an effect after a commit failed']);
  });
});
