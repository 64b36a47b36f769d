import { listEvents } from '@server/queries/events.ts';
import { groupFirstPage, listGroupPosts } from '@server/queries/groups.ts';
import { newestPage } from '@server/queries/newestPage.ts';
import { listFeed } from '@server/queries/posts.ts';
import { upcomingFirstPage } from '@server/queries/upcomingPage.ts';
import { createTestEvent } from '@server/test/events.ts';
import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, startTestServer, type TestServer } from '@server/test/harness.ts';
import { makePost } from '@server/test/posts.ts';
import { askTestPrayer } from '@server/test/prayer.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The pages a node cuts from what it keeps (the feeds' first page, a group's first page, Upcoming),
 * against the policy, for the actors of losing access and of prayer requests (issue 49): a member
 * removed from a group, one it banned, one outside it when it turned private, the muter of an
 * anonymous author, a friend and a stranger. Each page equals the database's, and holds exactly the
 * posts the table below says, anonymous, friends-only, author-only and expired requests among them.
 */
type Label =
  | 'public'
  | 'friends request'
  | 'only-me request'
  | 'expired request'
  | 'anonymous request'
  | 'anonymous group request'
  | 'group post'
  | 'muted author post';

const ACTORS = [
  'owner',
  'member',
  'friend',
  'removed',
  'banned',
  'turned private',
  'muter',
  'stranger',
] as const;
type ActorName = (typeof ACTORS)[number];

const outside: Label[] = ['public', 'anonymous request', 'muted author post'];
/** The world's posts each actor's home feed holds (the prayer feed: the requests among them). */
const FEED: Record<ActorName, Label[]> = {
  owner: [...outside, 'friends request', 'only-me request', 'group post', 'anonymous group request'],
  member: [...outside, 'group post', 'anonymous group request'],
  friend: [...outside, 'friends request'],
  removed: outside,
  banned: outside,
  'turned private': outside,
  // The muted author's named post goes; their anonymous requests stay, in the group and out of it.
  muter: ['public', 'anonymous request', 'group post', 'anonymous group request'],
  stranger: outside,
};
const REQUESTS: Label[] = [
  'friends request',
  'only-me request',
  'expired request',
  'anonymous request',
  'anonymous group request',
];
/** Who may read the group's page now that it is private, and who sees its event on Upcoming. */
const INSIDE: ActorName[] = ['owner', 'member', 'muter'];

describe.each(dialects)('kept pages and the policy (%s)', (dialect) => {
  let server: TestServer;
  const who = {} as Record<ActorName, GroupTestMember>;
  const posts = {} as Record<Label, string>;
  let group: { id: string; slug: string };
  let eventId: string;
  const db = () => server.built.ctx.database.db;

  beforeAll(async () => {
    // A server of its own: every post and event on it is this file's.
    server = await startTestServer(dialect);
    for (const name of ACTORS) who[name] = await groupTestMember(server, `Kp ${name}`);
    const author = await groupTestMember(server, 'Kp Author');
    const { owner } = who;
    await owner.client.request('PUT', `/api/follows/${who.friend.id}`);
    expect((await who.friend.client.post(`/api/friend-requests/${owner.id}/accept`)).status).toBeLessThan(
      300,
    );

    group = await createTestGroup(owner, { name: 'Kept Porch', privacy: 'public' });
    for (const name of ['member', 'removed', 'banned', 'muter'] as const)
      await who[name].client.post(`/api/groups/${group.slug}/join`);
    await author.client.post(`/api/groups/${group.slug}/join`);

    posts.public = (await makePost(owner.client, { content: 'For all' })).id;
    posts['friends request'] = (
      await askTestPrayer(owner, { content: 'For my friends', visibility: 'friends' })
    ).id;
    posts['only-me request'] = (
      await askTestPrayer(owner, { content: 'For me alone', visibility: 'only_me' })
    ).id;
    posts['expired request'] = (await askTestPrayer(owner, { content: 'Soon past' })).id;
    posts['anonymous request'] = (await askTestPrayer(author, { content: 'Unnamed', anonymous: true })).id;
    posts['anonymous group request'] = (
      await askTestPrayer(author, { content: 'Unnamed in the porch', anonymous: true, group_id: group.id })
    ).id;
    posts['group post'] = (await makePost(owner.client, { content: 'In the porch', group_id: group.id })).id;
    posts['muted author post'] = (await makePost(author.client, { content: 'Named' })).id;
    await db()
      .updateTable('posts')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', posts['expired request'])
      .execute();
    eventId = (await createTestEvent(owner, { title: 'Porch supper', group_id: group.id })).id;

    expect((await who.muter.client.request('PUT', `/api/mutes/${author.id}`)).status).toBe(200);
    const at = `/api/groups/${group.slug}`;
    expect((await owner.client.request('DELETE', `${at}/members/${who.removed.id}`)).status).toBe(200);
    expect((await owner.client.request('PUT', `${at}/bans/${who.banned.id}`)).status).toBe(200);
    expect((await owner.client.request('PATCH', at, { privacy: 'private' })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const labelsOf = (ids: string[]) =>
    (Object.entries(posts) as Array<[Label, string]>)
      .filter(([, id]) => ids.includes(id))
      .map(([label]) => label);

  for (const name of ACTORS) {
    it(`cuts the ${name}'s feeds from what it keeps: the database's page, and the policy's posts`, async () => {
      const { id, client } = who[name];
      for (const category of [undefined, 'prayer'] as const) {
        for (const limit of [1, 3, 20]) {
          const expected = JSON.parse(JSON.stringify(await listFeed(db(), id, { category, limit })));
          const cut = await newestPage(db(), id, category, limit);
          expect(cut, `${category} ${limit}`).not.toBeNull();
          expect(JSON.parse(cut!), `${category} ${limit}`).toEqual(expected);
          const query = `?limit=${limit}${category ? `&category=${category}` : ''}`;
          expect((await client.get(`/api/posts${query}`)).body).toEqual(expected);
        }
      }
      const home = (await client.get('/api/posts?limit=20')).body.posts as Array<{ id: string }>;
      expect(labelsOf(home.map((p) => p.id)).sort()).toEqual([...FEED[name]].sort());
      const prayer = (await client.get('/api/posts?category=prayer&limit=20')).body.posts as Array<{
        id: string;
      }>;
      expect(labelsOf(prayer.map((p) => p.id)).sort()).toEqual(
        FEED[name].filter((l) => REQUESTS.includes(l)).sort(),
      );
      // An anonymous request names nobody to anyone but its author's own pages.
      for (const post of home.filter((p) => p.id === posts['anonymous request'])) {
        expect(JSON.stringify(post)).not.toContain('Kp Author');
      }
    });

    it(`cuts the group's first page and Upcoming for the ${name} as the policy says`, async () => {
      const { id, client } = who[name];
      const row = await db()
        .selectFrom('groups')
        .selectAll()
        .where('id', '=', group.id)
        .executeTakeFirstOrThrow();
      // Its page shows its posts, and its Prayer tab its requests.
      for (const [category, labels] of [
        [undefined, ['group post']],
        ['prayer', ['anonymous group request']],
      ] as const) {
        const page = await client.get(
          `/api/groups/${group.slug}/posts?limit=20${category ? `&category=${category}` : ''}`,
        );
        if (!INSIDE.includes(name)) {
          expect(page.status).toBe(403);
          continue;
        }
        expect(page.status).toBe(200);
        const expected = JSON.parse(
          JSON.stringify(await listGroupPosts(db(), id, row, { category, limit: 20 })),
        );
        expect(JSON.parse((await groupFirstPage(db(), id, row, { category, limit: 20 }))!)).toEqual(expected);
        expect(page.body).toEqual(expected);
        expect(labelsOf(page.body.posts.map((p: { id: string }) => p.id))).toEqual(labels);
      }
      const upcoming = JSON.parse(
        JSON.stringify(await listEvents(db(), id, { tab: 'upcoming', limit: 20 })),
      ) as { events: Array<{ id: string }> };
      expect(JSON.parse((await upcomingFirstPage(db(), id, {}, 20))!)).toEqual(upcoming);
      expect((await client.get('/api/events')).body).toEqual(upcoming);
      expect(upcoming.events.map((e) => e.id).includes(eventId)).toBe(INSIDE.includes(name));
    });
  }
});
