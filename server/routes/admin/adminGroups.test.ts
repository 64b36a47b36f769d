import { createTestGroup, groupTestMember } from '@server/test/groups.ts';
import { dialects, startTestServer, type TestServer } from '@server/test/harness.ts';
import { signedInMember } from '@server/test/members.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The admin console's Groups tab (issue 25): every group, secret ones too, and its delete. */
describe.each(dialects)('admin console: groups (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  it('lets site admins list every group, secret ones too, and delete one with an audit line', async () => {
    const owner = await groupTestMember(server, 'Sa Owner');
    const { client: adminClient, me } = await signedInMember(server, { name: 'Sa Admin' });
    await server.built.ctx.database.db
      .insertInto('user_roles')
      .values({ user_id: me.id, role: 'admin' })
      .execute();
    const group = await createTestGroup(owner, { name: 'Hidden Circle Of Friends', privacy: 'secret' });
    expect((await owner.client.get('/api/admin/groups')).status).toBe(403);
    const listed = await adminClient.get('/api/admin/groups?q=hidden%20circle');
    expect(listed.body.groups.map((g: { id: string }) => g.id)).toEqual([group.id]);
    expect((await owner.client.request('DELETE', `/api/admin/groups/${group.id}`)).status).toBe(403);
    expect((await adminClient.request('DELETE', '/api/admin/groups/no-such-group')).status).toBe(404);
    expect((await adminClient.request('DELETE', `/api/admin/groups/${group.id}`)).status).toBe(200);
    expect((await owner.client.get(`/api/groups/${group.slug}`)).status).toBe(404);
    const audit = await adminClient.get('/api/admin/audit');
    expect(audit.body.entries[0]).toMatchObject({
      action: 'group.delete',
      target_type: 'group',
      target_id: group.id,
    });
  });
});
