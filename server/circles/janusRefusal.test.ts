import { startTestServer, type TestServer } from '@server/test/harness.ts';
import { type JanusTestServer, janusAvailable, startJanusInNetns } from '@server/test/janusNetns.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JanusServers, janusRefusal } from './janusRooms.ts';

describe('what Janus said, in the log', () => {
  it('tells a refusal from silence, and names the setting for string room ids', () => {
    const refused = Object.assign(new Error('430 Invalid element type (room should be a string)'), {
      _code: 430,
    });
    expect(janusRefusal(refused)).toContain('Set string_ids = false');
    expect(janusRefusal(refused)).toContain('janus.plugin.videoroom.jcfg');
    const other = Object.assign(new Error('403 Unauthorized (wrong admin_key)'), { _code: 403 });
    expect(janusRefusal(other)).toBe('403 Unauthorized (wrong admin_key)');
    expect(janusRefusal(new Error('connect ECONNREFUSED'))).toBeNull();
    expect(janusRefusal(null)).toBeNull();
  });
});

// Debian's Janus with its VideoRoom plugin set to string ids (string_ids = true), in a network namespace.
describe.skipIf(!janusAvailable())('a Janus that refuses numeric room ids', () => {
  let janus: JanusTestServer;
  let server: TestServer;
  beforeAll(async () => {
    janus = await startJanusInNetns({ stringIds: true });
    server = await startTestServer('sqlite');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await janus?.destroy();
  });

  it("is logged as Janus's own error with the setting to change, not as a server that did not answer", async () => {
    const logged: Array<{ level: string; message: string }> = [];
    const log = {
      warn: (_details: object, message: string) => logged.push({ level: 'warn', message }),
      error: (_details: object, message: string) => logged.push({ level: 'error', message }),
    };
    const servers = new JanusServers(
      { urls: [janus.url], apiSecret: janus.apiSecret, adminKey: janus.adminKey },
      server.built.ctx.database.db,
      log,
      () => {},
    );
    try {
      expect(await servers.openRoom('01a2338c-2251-73fa-ac2f-48d581e70435')).toBeNull();
    } finally {
      await servers.close();
    }
    const said = logged.map((line) => line.message).join('\n');
    expect(said).toContain('430');
    expect(said).toContain('room should be a string');
    expect(said).toContain('Set string_ids = false');
    expect(said).not.toContain('no Janus server answered');
    expect(logged.filter((line) => line.level === 'error').length).toBeGreaterThan(0);
  });
});
