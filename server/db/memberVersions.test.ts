import { createTestEvent, rsvp } from '@server/test/events.ts';
import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, startTestServer, type TestServer } from '@server/test/harness.ts';
import { signedInMember } from '@server/test/members.ts';
import { makePost } from '@server/test/posts.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * member_versions (migrations 20261129T0000 and T1000): the numbers each node keeps a member's groups,
 * answers, and likes and prayers with move on every write of those rows, by a command or straight in
 * the database (another node, a script), and a member's deletion leaves no row of theirs behind.
 */
describe.each(dialects)('member versions (%s)', (dialect) => {
  let server: TestServer;
  let owner: GroupTestMember;
  let member: GroupTestMember;
  const db = () => server.built.ctx.database.db;
  const versions = async (memberId: string) => {
    const row = await db()
      .selectFrom('member_versions')
      .select(['groups', 'answers'])
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return { groups: Number(row?.groups ?? 0), answers: Number(row?.answers ?? 0) };
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    owner = await groupTestMember(server, 'Versions Owner');
    member = await groupTestMember(server, 'Versions Member');
  });
  afterAll(async () => {
    await server.close();
  });

  it("moves a member's groups number with each of their memberships and their groups' privacy", async () => {
    const group = await createTestGroup(owner, { name: 'Versions study', privacy: 'private' });
    const before = await versions(member.id);
    expect((await member.client.post(`/api/groups/${group.slug}/join`)).status).toBe(200);
    const asked = await versions(member.id);
    expect(asked.groups).toBeGreaterThan(before.groups);
    expect((await owner.client.post(`/api/groups/${group.slug}/requests/${member.id}`)).status).toBe(200);
    const approved = await versions(member.id);
    expect(approved.groups).toBeGreaterThan(asked.groups);

    // Written straight in, as another node or a script would: the triggers move the number all the same.
    const where = { group_id: group.id, user_id: member.id };
    await db()
      .updateTable('group_members')
      .set({ role: 'admin' })
      .where('group_id', '=', where.group_id)
      .where('user_id', '=', where.user_id)
      .execute();
    const admin = await versions(member.id);
    expect(admin.groups).toBe(approved.groups + 1);
    const ownerBefore = await versions(owner.id);
    await db().updateTable('groups').set({ privacy: 'public' }).where('id', '=', group.id).execute();
    expect((await versions(member.id)).groups).toBe(admin.groups + 1);
    expect((await versions(owner.id)).groups).toBe(ownerBefore.groups + 1);
    // A write that leaves the privacy as it was changes nothing.
    await db().updateTable('groups').set({ privacy: 'public' }).where('id', '=', group.id).execute();
    expect((await versions(member.id)).groups).toBe(admin.groups + 1);
    await db()
      .deleteFrom('group_members')
      .where('group_id', '=', where.group_id)
      .where('user_id', '=', where.user_id)
      .execute();
    expect((await versions(member.id)).groups).toBe(admin.groups + 2);
    // The owner's answers number is not the groups one.
    expect((await versions(owner.id)).answers).toBe(ownerBefore.answers);
  });

  it("moves a member's answers number with each of their answers, and with their event's deletion", async () => {
    const event = await createTestEvent(owner, { title: 'Versions supper', capacity: 1 });
    const start = await versions(member.id);
    expect((await rsvp(member, event.id, { answer: 'interested' })).status).toBe(200);
    const interested = await versions(member.id);
    expect(interested.answers).toBeGreaterThan(start.answers);
    expect(interested.groups).toBe(start.groups);
    expect((await rsvp(member, event.id, { answer: 'going' })).status).toBe(200);
    const going = await versions(member.id);
    expect(going.answers).toBeGreaterThan(interested.answers);
    // Another member's answer is not theirs.
    const other = await groupTestMember(server, 'Versions Other');
    expect((await rsvp(other, event.id, { answer: 'going' })).status).toBe(200);
    expect((await versions(member.id)).answers).toBe(going.answers);
    // The event goes, with its answers: the number moves (its kept answers go stale).
    await db().deleteFrom('events').where('id', '=', event.id).execute();
    expect((await versions(member.id)).answers).toBeGreaterThan(going.answers);
  });

  it("moves a member's marks number with each of their likes and prayers, and with their post's deletion", async () => {
    const marks = async (memberId: string) => {
      const row = await db()
        .selectFrom('member_versions')
        .select('marks')
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return Number(row?.marks ?? 0);
    };
    const post = await makePost(owner.client, { category: 'prayer', prayer_type: 'petition' });
    const start = await marks(member.id);
    const others = { owner: await marks(owner.id), ...(await versions(member.id)) };
    for (const [method, what] of [
      ['PUT', 'like'],
      ['PUT', 'prayed'],
      ['DELETE', 'like'],
      ['DELETE', 'prayed'],
    ] as const) {
      const before = await marks(member.id);
      expect((await member.client.request(method, `/api/posts/${post.id}/${what}`)).status).toBe(200);
      expect(await marks(member.id)).toBeGreaterThan(before);
    }
    // Neither the author's number nor the member's other numbers.
    expect(await marks(owner.id)).toBe(others.owner);
    expect(await versions(member.id)).toEqual({ groups: others.groups, answers: others.answers });

    // Written straight in, as another node or a script would.
    const moved = await marks(member.id);
    await db().insertInto('likes').values({ post_id: post.id, user_id: member.id }).execute();
    expect(await marks(member.id)).toBe(moved + 1);
    await db()
      .insertInto('prayers')
      .values({ post_id: post.id, user_id: member.id, created_at: new Date().toISOString() })
      .execute();
    expect(await marks(member.id)).toBe(moved + 2);
    // The post goes, with its likes and prayers: the number moves for each.
    await db().deleteFrom('posts').where('id', '=', post.id).execute();
    expect(await marks(member.id)).toBe(moved + 4);
    expect(start).toBeLessThan(moved);
  });

  it('leaves no row of a deleted member, and does not stand in the way of the deletion', async () => {
    const { client, input, me } = await signedInMember(server, { name: 'Versions Gone' });
    const gone: GroupTestMember = { client, id: me.id, username: me.profile.username };
    const group = await createTestGroup(gone, { name: 'Versions farewell', privacy: 'public' });
    expect((await member.client.post(`/api/groups/${group.slug}/join`)).status).toBe(200);
    const event = await createTestEvent(owner, { title: 'Versions farewell supper' });
    expect((await rsvp(gone, event.id, { answer: 'going' })).status).toBe(200);
    expect((await versions(gone.id)).answers).toBeGreaterThan(0);
    const memberBefore = await versions(member.id);

    const res = await client.post('/api/settings/delete-account', { password: input.password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const left = await db()
      .selectFrom('member_versions')
      .select('member_id')
      .where('member_id', '=', gone.id)
      .execute();
    expect(left).toEqual([]);
    // The group passed to the member: their number moved.
    expect((await versions(member.id)).groups).toBeGreaterThan(memberBefore.groups);
  });
});
