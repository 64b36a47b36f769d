import { finishDuePolls } from '@server/jobs/finishPolls.ts';
import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { makePost } from '@server/test/posts.ts';
import { notificationsOf } from '@server/test/prayer.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Polls (issue 51): 2 to 4 options, 5 minutes to 7 days, one choice or several; each member votes once
// before the end; the results count on the post; 'Final results' tells the author and the voters.
describe.each(dialects)('polls (%s)', (dialect) => {
  let server: TestServer;
  let ann: GroupTestMember;
  let ben: GroupTestMember;
  let cy: GroupTestMember;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    [ann, ben, cy] = await Promise.all([
      groupTestMember(server, 'Ann Asker'),
      groupTestMember(server, 'Ben Voter'),
      groupTestMember(server, 'Cy Voter'),
    ]);
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.built.ctx.database.db;
  const vote = (who: GroupTestMember, id: string, choices: unknown) =>
    who.client.post(`/api/posts/${id}/poll/votes`, { choices });
  const supper = (fields: Record<string, unknown> = {}) =>
    makePost(ann.client, {
      content: 'Supper club: which night?',
      poll: { options: ['Friday', 'Saturday', 'Sunday'], expires_in: 3600, ...fields },
    });
  /** Moves a poll's end into the past, as time would. */
  async function endNow(id: string) {
    const past = new Date(Date.now() - 1000).toISOString();
    const row = await db().selectFrom('posts').select('poll').where('id', '=', id).executeTakeFirstOrThrow();
    const poll = { ...JSON.parse(row.poll!), expires_at: past };
    await db()
      .updateTable('posts')
      .set({ poll: JSON.stringify(poll) })
      .where('id', '=', id)
      .execute();
    await db().updateTable('polls').set({ ends_at: past }).where('post_id', '=', id).execute();
  }

  it('counts each member once, shows the counts to all and whether they voted to each', async () => {
    const before = Date.now();
    const post = await supper();
    expect(post.poll).toEqual({
      options: [
        { title: 'Friday', votes_count: 0 },
        { title: 'Saturday', votes_count: 0 },
        { title: 'Sunday', votes_count: 0 },
      ],
      multiple: false,
      expires_at: expect.any(String),
      votes_count: 0,
      voters_count: 0,
    });
    const ends = Date.parse(post.poll.expires_at) - before;
    expect(ends).toBeGreaterThanOrEqual(3_599_000);
    expect(ends).toBeLessThan(3_660_000);
    expect(post.voted_by_me).toBe(false);
    // The home feed's first page (kept) says it too, before and after a vote.
    const inFeed = async (who: GroupTestMember) =>
      (await who.client.get('/api/posts')).body.posts.find((p: { id: string }) => p.id === post.id);
    expect((await inFeed(ben)).voted_by_me).toBe(false);
    const voted = await vote(ben, post.id, [1]);
    expect(voted.status).toBe(200);
    expect(voted.body.voted_by_me).toBe(true);
    expect(voted.body.poll.options.map((o: { votes_count: number }) => o.votes_count)).toEqual([0, 1, 0]);
    expect(voted.body.poll).toMatchObject({ votes_count: 1, voters_count: 1 });
    expect(await inFeed(ben)).toMatchObject({ voted_by_me: true, poll: { voters_count: 1 } });
    expect(await inFeed(cy)).toMatchObject({ voted_by_me: false, poll: { voters_count: 1 } });
    expect((await cy.client.get(`/api/posts/${post.id}`)).body.voted_by_me).toBe(false);
    // Once.
    const again = await vote(ben, post.id, [2]);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'poll_already_voted',
      message: 'You have already voted in this poll.',
    });
    expect((await ben.client.get(`/api/posts/${post.id}`)).body.poll.votes_count).toBe(1);
  });

  it('takes several choices where allowed, one where not, and votes at the same moment all count', async () => {
    const several = await supper({ multiple: true });
    const res = await vote(ben, several.id, [0, 2]);
    expect(res.status).toBe(200);
    expect(res.body.poll).toMatchObject({ votes_count: 2, voters_count: 1, multiple: true });
    const single = await supper();
    const refused = await vote(ben, single.id, [0, 2]);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('poll_one_choice');
    const crowd = await Promise.all(
      Array.from({ length: 6 }, (_, i) => groupTestMember(server, `Crowd ${i}`)),
    );
    const answers = await Promise.all(crowd.map((m, i) => vote(m, single.id, [i % 3])));
    expect(answers.map((a) => a.status)).toEqual(crowd.map(() => 200));
    const counted = (await ann.client.get(`/api/posts/${single.id}`)).body.poll;
    expect(counted).toMatchObject({ votes_count: 6, voters_count: 6 });
    expect(counted.options.map((o: { votes_count: number }) => o.votes_count)).toEqual([2, 2, 2]);
  });

  it('refuses a bad poll and a bad vote with a 400, writing nothing', async () => {
    const bad: Array<[unknown, string]> = [
      [{ options: ['A', 'B', 'C', 'D', 'E'], expires_in: 3600 }, 'poll_options_count'],
      [{ options: ['Only'], expires_in: 3600 }, 'poll_options_count'],
      [{ options: ['Same', 'same'], expires_in: 3600 }, 'poll_options_repeated'],
      [{ options: ['A', ''], expires_in: 3600 }, 'text_required'],
      [{ options: ['A', 'x'.repeat(51)], expires_in: 3600 }, 'text_too_long'],
      [{ options: ['A', 'B'], expires_in: 60 }, 'poll_length_invalid'],
      [{ options: ['A', 'B'], expires_in: 8 * 24 * 3600 }, 'poll_length_invalid'],
      [{ options: ['A', 'B'], expires_in: 'soon' }, 'poll_length_invalid'],
      [{ options: ['A', 'B'] }, 'poll_length_invalid'],
      [{ options: 'A,B', expires_in: 3600 }, 'poll_options_count'],
      [{ options: ['A', 'B'], expires_in: 3600, colour: 'red' }, ''],
    ];
    const before = (await ann.client.get(`/api/profiles/${ann.id}/posts`)).body.posts.length;
    for (const [poll, code] of bad) {
      const res = await ann.client.post('/api/posts', { content: 'Bad poll', poll });
      expect(res.status, JSON.stringify(poll)).toBe(400);
      if (code) expect(res.body.error.code, JSON.stringify(poll)).toBe(code);
    }
    expect((await ann.client.get(`/api/profiles/${ann.id}/posts`)).body.posts.length).toBe(before);
    const post = await supper();
    for (const choices of [[], [3], [-1], [0.5], [0, 0], ['0'], null, [0, 1, 2, 3, 4]]) {
      const res = await vote(ben, post.id, choices);
      expect(res.status, JSON.stringify(choices)).toBe(400);
      expect(res.body.error.message).toEqual(expect.any(String));
    }
    expect((await ben.client.post(`/api/posts/${post.id}/poll/votes`, {})).status).toBe(400);
    expect((await ben.client.get(`/api/posts/${post.id}`)).body).toMatchObject({
      voted_by_me: false,
      poll: { votes_count: 0 },
    });
    // A post without a poll, a post that is none, and one the member may not see.
    const plain = await makePost(ann.client, { content: 'No poll here' });
    const none = await vote(ben, plain.id, [0]);
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('poll_not_found');
    for (const id of [crypto.randomUUID(), 'not-an-id', '%00']) {
      expect((await vote(ben, id, [0])).status, id).toBe(404);
    }
    const group = await createTestGroup(ann, { name: `Closed poll ${dialect}`, privacy: 'private' });
    const inside = await makePost(ann.client, {
      content: 'Members only poll',
      group_id: group.id,
      poll: { options: ['Yes', 'No'], expires_in: 600 },
    });
    const hidden = await vote(ben, inside.id, [0]);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe('post_not_found');
    expect(
      (await new TestClient(server.baseUrl).post(`/api/posts/${post.id}/poll/votes`, { choices: [0] }))
        .status,
    ).toBe(401);
  });

  it('refuses a vote after the end and tells the author and the voters the final results once', async () => {
    const post = await supper();
    expect((await vote(ben, post.id, [0])).status).toBe(200);
    expect((await vote(cy, post.id, [1])).status).toBe(200);
    // A voter the author then blocks can no longer see the post: they hear nothing of its end.
    const dee = await groupTestMember(server, 'Dee Gone');
    expect((await vote(dee, post.id, [2])).status).toBe(200);
    expect((await ann.client.request('PUT', `/api/blocks/${dee.id}`)).status).toBe(200);
    await endNow(post.id);
    const latecomer = await groupTestMember(server, 'Lee Late');
    const refused = await vote(latecomer, post.id, [0]);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'poll_ended', message: 'This poll has ended.' });
    const final = (who: GroupTestMember) =>
      notificationsOf(who).then((list) =>
        list.filter((n) => n.type === 'poll_ended' && n.post_id === post.id),
      );
    expect(await final(ann)).toEqual([]);
    expect(await finishDuePolls(server.built.ctx)).toBeGreaterThanOrEqual(1);
    for (const who of [ann, ben, cy]) expect(await final(who)).toHaveLength(1);
    expect(await final(latecomer)).toEqual([]);
    expect(await final(dee)).toEqual([]);
    // Not even kept out of sight: no line is written for them (nor a push sent).
    const deeRows = await db()
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', dee.id)
      .where('type', '=', 'poll_ended')
      .execute();
    expect(deeRows).toEqual([]);
    // Told once, whichever node runs the job next.
    await finishDuePolls(server.built.ctx);
    for (const who of [ann, ben, cy]) expect(await final(who)).toHaveLength(1);
    // Deleting the post takes its poll with it.
    expect((await ann.client.request('DELETE', `/api/posts/${post.id}`)).status).toBe(204);
    expect(await db().selectFrom('poll_votes').selectAll().where('post_id', '=', post.id).execute()).toEqual(
      [],
    );
  });
});
