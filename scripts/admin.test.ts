import { spawnSync } from 'node:child_process';
import { signedInMember, startTestServer, type TestServer } from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('npm run admin', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server.close();
  });

  const admin = (...args: string[]) =>
    spawnSync('npx', ['tsx', 'scripts/admin.ts', ...args], {
      env: { ...process.env, DATA_DIR: server.dataDir, AUTH_SECRET: 'x'.repeat(40) },
      encoding: 'utf8',
    });

  it('grants and revokes the admin role by email', async () => {
    const { client, input } = await signedInMember(server);
    expect((await client.get('/api/me')).body.is_admin).toBe(false);

    const grant = admin('grant', input.email.toUpperCase());
    expect(grant.status).toBe(0);
    expect(grant.stdout).toContain('is now an admin');
    expect((await client.get('/api/me')).body.is_admin).toBe(true);
    expect(admin('list').stdout).toContain(input.email.toLowerCase());

    expect(admin('revoke', input.email).status).toBe(0);
    expect((await client.get('/api/me')).body.is_admin).toBe(false);
  });

  it('says what is wrong for an unknown email or a wrong command', () => {
    const unknown = admin('grant', 'nobody@example.com');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account with the email nobody@example.com');
    const wrong = admin('promote', 'a@b.c');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('Usage: npm run admin');
  });
});
