import { openDatabase } from '@server/db/database.ts';
import { NEWEST_KEPT, newestPage } from '@server/queries/newestPage.ts';
import { listFeed } from '@server/queries/posts.ts';
import { dialects, startTestServer, type TestClient, type TestServer } from '@server/test/harness.ts';
import { signedInMember } from '@server/test/members.ts';
import { makePost, type PostFields } from '@server/test/posts.ts';
import { uploadPhoto } from '@server/test/uploads.ts';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The feeds' one filter (policies/blocks.ts notHiddenInFeed): every kind of hidden member at once, on
 * the home and category feeds, and pages of any size chaining without gaps or repeats. Then the first
 * page cut from the newest posts a node keeps (queries/newestPage.ts): the same page as the database
 * query (listFeed) for every kind of viewer, and never older than a command this node committed.
 */
describe.each(dialects)('the feed (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.built.ctx.database.db;
  const member = async (name: string) => {
    const { client, me } = await signedInMember(server, { name });
    return { client, id: me.id as string };
  };
  const feed = async (client: TestClient, query = '') => {
    const res = await client.get(`/api/posts${query}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    return res.body as { posts: Array<Record<string, any>>; next_cursor: string | null };
  };
  const feedIds = async (client: TestClient, query = '') =>
    (await feed(client, query)).posts.map((p) => p.id);

  it('leaves out blocked (both ways), muted, suspended and unconfirmed members, and nobody else', async () => {
    const viewer = await member('Vi Viewer');
    const [blocked, blocker, muted, suspended, unconfirmed, friend] = await Promise.all(
      ['Bo Blocked', 'Cy Blocker', 'Mo Muted', 'Su Suspended', 'Un Confirmed', 'Fe Friend'].map(member),
    );
    const posts = new Map<string, string>();
    for (const [name, m] of Object.entries({ blocked, blocker, muted, suspended, unconfirmed, friend })) {
      posts.set(name, (await makePost(m!.client, { category: 'prayer', prayer_type: 'praise' })).id);
    }
    expect((await viewer.client.request('PUT', `/api/blocks/${blocked!.id}`)).status).toBe(200);
    expect((await blocker!.client.request('PUT', `/api/blocks/${viewer.id}`)).status).toBe(200);
    expect((await viewer.client.request('PUT', `/api/mutes/${muted!.id}`)).status).toBe(200);
    const now = new Date().toISOString();
    await db().updateTable('profiles').set({ suspended_at: now }).where('id', '=', suspended!.id).execute();
    await sql`update "user" set "emailVerified" = ${dialect === 'postgres' ? false : 0} where id = ${unconfirmed!.id}`.execute(
      db(),
    );

    for (const query of ['', '?category=prayer', '?limit=3']) {
      const shown = await feedIds(viewer.client, query);
      expect(shown[0]).toBe(posts.get('friend'));
      for (const hidden of ['blocked', 'blocker', 'muted', 'suspended', 'unconfirmed']) {
        expect(shown).not.toContain(posts.get(hidden));
      }
    }
    // A member nobody hid from sees them all but the two hidden from everyone.
    const other = await member('Ot Other');
    const seen = await feedIds(other.client, '?limit=50');
    for (const name of ['blocked', 'blocker', 'muted', 'friend']) expect(seen).toContain(posts.get(name));
    expect(seen).not.toContain(posts.get('suspended'));
    expect(seen).not.toContain(posts.get('unconfirmed'));
  });

  it('pages of any size chain without gaps or repeats, and refuse sizes out of range', async () => {
    const author = await member('Pa Pages');
    const made: string[] = [];
    for (let i = 0; i < 7; i += 1) made.unshift((await makePost(author.client, { category: 'comedy' })).id);
    for (const size of [1, 3, 7]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res: any = await author.client.get(
          `/api/posts?category=comedy&limit=${size}${cursor ? `&before=${cursor}` : ''}`,
        );
        expect(res.status).toBe(200);
        expect(res.body.posts.length).toBeLessThanOrEqual(size);
        seen.push(...res.body.posts.map((p: { id: string }) => p.id));
        cursor = res.body.next_cursor;
      } while (cursor && seen.length < 20);
      expect(seen.filter((id) => made.includes(id))).toEqual(made);
    }
    for (const bad of ['0', '-1', '51', '2.5', '20;drop', '%00']) {
      const res = await author.client.get(`/api/posts?limit=${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });

  it('gives each photo its size, so the feed can hold its place', async () => {
    const { client } = await member('Ph Photo');
    const photo = await uploadPhoto(server, client);
    const withPhoto = await makePost(client, { media_id: photo.id });
    const plain = await makePost(client);
    const page = (await client.get('/api/posts?limit=5')).body.posts as any[];
    const byId = new Map(page.map((p) => [p.id, p]));
    expect(byId.get(withPhoto.id)).toMatchObject({ media_type: 'photo', media_width: 96, media_height: 64 });
    expect(byId.get(plain.id)).toMatchObject({ media_type: 'none', media_width: null, media_height: null });
  });

  it('is the page the database query reads, for every kind of viewer, feed and page size', async () => {
    const viewer = await member('Vi Viewer');
    type Member = Awaited<ReturnType<typeof member>>;
    const [blocked, blocker, muted, friend, poet] = (await Promise.all(
      ['Bo Blocked', 'Cy Blocker', 'Mo Muted', 'Fe Friend', 'Po Poet'].map(member),
    )) as [Member, Member, Member, Member, Member];
    const made: string[] = [];
    for (const [i, m] of [blocked, blocker, muted, friend, poet, viewer, friend, poet].entries()) {
      const fields: PostFields =
        i % 4 === 1
          ? { category: 'prayer', prayer_type: 'petition' }
          : i % 4 === 2
            ? { category: 'food', content: 'Soup "with" <b>quotes</b> \u2028 and "liked_by_me":false' }
            : { category: i % 4 === 3 ? 'comedy' : 'general' };
      made.push((await makePost(m.client, fields)).id);
    }
    const photo = await uploadPhoto(server, friend.client);
    made.push((await makePost(friend.client, { content: 'A photo', media_id: photo.id })).id);
    const wall = await friend.client.post(`/api/profiles/${viewer.id}/wall`, { content: 'On your wall' });
    expect(wall.status).toBeLessThan(300);
    expect((await viewer.client.request('PUT', `/api/blocks/${blocked.id}`)).status).toBe(200);
    expect((await blocker.client.request('PUT', `/api/blocks/${viewer.id}`)).status).toBe(200);
    expect((await viewer.client.request('PUT', `/api/mutes/${muted.id}`)).status).toBe(200);
    for (const id of made.slice(2)) {
      expect((await viewer.client.request('PUT', `/api/posts/${id}/like`)).status).toBe(200);
    }
    const prayerPost = made[5]!; // the viewer's own prayer request
    expect((await viewer.client.request('PUT', `/api/posts/${prayerPost}/prayed`)).status).toBe(200);
    expect((await poet.client.request('PUT', `/api/posts/${prayerPost}/prayed`)).status).toBe(200);

    for (const who of [viewer, blocked, blocker, friend, poet]) {
      for (const category of [undefined, 'prayer', 'food', 'comedy'] as const) {
        for (const limit of [1, 2, 5, 20]) {
          const expected = await listFeed(db(), who.id, { category, limit });
          const cut = await newestPage(db(), who.id, category, limit);
          expect(cut).not.toBeNull();
          expect(JSON.parse(cut!)).toEqual(JSON.parse(JSON.stringify(expected)));
          const query = `?limit=${limit}${category ? `&category=${category}` : ''}`;
          expect(await feed(who.client, query)).toEqual(JSON.parse(JSON.stringify(expected)));
        }
      }
    }
    // What the viewer sees: none of the three they hide, their likes and their prayer.
    const home = await feed(viewer.client);
    const authors = home.posts.map((p) => p.author.id);
    for (const hidden of [blocked, blocker, muted]) expect(authors).not.toContain(hidden.id);
    expect(home.posts.find((p) => p.id === made[3])?.liked_by_me).toBe(true);
    // Pages larger than the app's go to the database, and give the same.
    expect(await newestPage(db(), viewer.id, undefined, 21)).toBeNull();
    expect(await feed(viewer.client, '?limit=50')).toEqual(
      JSON.parse(JSON.stringify(await listFeed(db(), viewer.id, { limit: 50 }))),
    );
  });

  it('shows what this node commits at once: a new post, a like, an edit, a deletion, a block', async () => {
    const reader = await member('Re Reader');
    const writer = await member('Wr Writer');
    const first = await makePost(writer.client, { content: 'First' });
    expect((await feed(reader.client)).posts[0]!.id).toBe(first.id);

    const second = await makePost(writer.client, { content: 'Second' });
    expect((await feed(reader.client)).posts[0]!.id).toBe(second.id);

    expect((await reader.client.request('PUT', `/api/posts/${second.id}/like`)).status).toBe(200);
    const liked = (await feed(reader.client)).posts[0]!;
    expect(liked).toMatchObject({ id: second.id, like_count: 1, liked_by_me: true });
    expect((await feed(writer.client)).posts[0]).toMatchObject({ like_count: 1, liked_by_me: false });

    expect(
      (await writer.client.request('PATCH', `/api/posts/${second.id}`, { content: 'Edited' })).status,
    ).toBe(200);
    expect((await feed(reader.client)).posts[0]!.content).toBe('Edited');

    expect((await writer.client.request('DELETE', `/api/posts/${second.id}`)).status).toBe(204);
    expect((await feed(reader.client)).posts[0]!.id).toBe(first.id);

    expect((await reader.client.request('PUT', `/api/blocks/${writer.id}`)).status).toBe(200);
    expect((await feed(reader.client)).posts.map((p) => p.author.id)).not.toContain(writer.id);
  });

  it('shows what another node, a job or a script wrote within a second', async () => {
    const reader = await member('Ne Node');
    const post = await makePost(reader.client, { content: 'Before' });
    expect((await feed(reader.client)).posts[0]!.content).toBe('Before');
    // As another node would: straight to the database, with no command run here.
    await db().updateTable('posts').set({ content: 'After' }).where('id', '=', post.id).execute();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await feed(reader.client)).posts[0]!.content).toBe('After');
  });

  it('shows a block, an unblock, a mute and an unmute at once on every node, to both members', async () => {
    // A second node: its own connection to the same database, so its own kept posts and kept lists.
    const other = openDatabase({ databaseUrl: server.built.ctx.config.databaseUrl, dataDir: server.dataDir });
    try {
      const reader = await member('Rn Reader');
      const writer = await member('Wn Writer');
      const byWriter = await makePost(writer.client, { content: 'From the writer' });
      const byReader = await makePost(reader.client, { content: 'From the reader' });
      const pageOn = async (viewerId: string) => {
        const json = await newestPage(other.db, viewerId, undefined, 20);
        expect(json).not.toBeNull();
        return (JSON.parse(json!) as { posts: Array<{ id: string }> }).posts.map((p) => p.id);
      };
      // The other node reads (and keeps) both members' lists while nobody hides anyone.
      expect(await pageOn(reader.id)).toContain(byWriter.id);
      expect(await pageOn(writer.id)).toContain(byReader.id);

      const step = async (method: string, url: string, client: TestClient, shown: boolean) => {
        expect((await client.request(method, url)).status).toBe(200);
        // No wait: the other node's kept posts are still the same, its kept lists must not be.
        expect((await pageOn(reader.id)).includes(byWriter.id)).toBe(shown);
        expect((await feedIds(reader.client)).includes(byWriter.id)).toBe(shown);
      };
      await step('PUT', `/api/blocks/${writer.id}`, reader.client, false);
      // A block works both ways: the blocked member's lists moved too.
      expect(await pageOn(writer.id)).not.toContain(byReader.id);
      await step('DELETE', `/api/blocks/${writer.id}`, reader.client, true);
      expect(await pageOn(writer.id)).toContain(byReader.id);
      await step('PUT', `/api/mutes/${writer.id}`, reader.client, false);
      // A mute is the muter's alone.
      expect(await pageOn(writer.id)).toContain(byReader.id);
      await step('DELETE', `/api/mutes/${writer.id}`, reader.client, true);
      // Blocked by the writer this time.
      await step('PUT', `/api/blocks/${reader.id}`, writer.client, false);
    } finally {
      await other.destroy();
    }
  });

  it("shows a member's like, prayer and their taking back at once on every node", async () => {
    const other = openDatabase({ databaseUrl: server.built.ctx.config.databaseUrl, dataDir: server.dataDir });
    try {
      const reader = await member('Lm Reader');
      const writer = await member('Lm Writer');
      const fan = await member('Lm Fan');
      const post = await makePost(writer.client, { category: 'prayer', prayer_type: 'praise' });
      // Liked and prayed for by someone else first: the other node's kept post counts both above 0.
      expect((await fan.client.request('PUT', `/api/posts/${post.id}/like`)).status).toBe(200);
      expect((await fan.client.request('PUT', `/api/posts/${post.id}/prayed`)).status).toBe(200);
      const markedOn = async (viewerId: string) => {
        const json = await newestPage(other.db, viewerId, undefined, 20);
        expect(json).not.toBeNull();
        const shown = (JSON.parse(json!) as { posts: Array<Record<string, any>> }).posts.find(
          (p) => p.id === post.id,
        );
        return { liked: shown?.liked_by_me, prayed: shown?.prayed_by_me };
      };
      // The other node keeps the reader's marks for the post: neither.
      expect(await markedOn(reader.id)).toEqual({ liked: false, prayed: false });
      expect(await markedOn(fan.id)).toEqual({ liked: true, prayed: true });

      const step = async (
        method: string,
        what: 'like' | 'prayed',
        shown: { liked: boolean; prayed: boolean },
      ) => {
        expect((await reader.client.request(method, `/api/posts/${post.id}/${what}`)).status).toBe(200);
        // No wait: the other node's kept posts are the same, its kept marks for the reader must not be.
        expect(await markedOn(reader.id)).toEqual(shown);
        const here = (await feed(reader.client)).posts.find((p) => p.id === post.id);
        expect({ liked: here?.liked_by_me, prayed: here?.prayed_by_me }).toEqual(shown);
      };
      await step('PUT', 'like', { liked: true, prayed: false });
      await step('PUT', 'prayed', { liked: true, prayed: true });
      await step('DELETE', 'like', { liked: false, prayed: true });
      await step('DELETE', 'prayed', { liked: false, prayed: false });
      // Another member's marks are theirs alone.
      expect(await markedOn(fan.id)).toEqual({ liked: true, prayed: true });

      // Written straight in, as a script would: the trigger moves the reader's number all the same.
      await db().insertInto('likes').values({ post_id: post.id, user_id: reader.id }).execute();
      expect(await markedOn(reader.id)).toEqual({ liked: true, prayed: false });
      await db()
        .deleteFrom('likes')
        .where('post_id', '=', post.id)
        .where('user_id', '=', reader.id)
        .execute();
      expect(await markedOn(reader.id)).toEqual({ liked: false, prayed: false });
    } finally {
      await other.destroy();
    }
  });

  it('gives a full page to a viewer who hides more members than it keeps posts of', async () => {
    const viewer = await member('Hi Hider');
    const loud = await member('Lo Loud');
    const quiet = await member('Qu Quiet');
    const older = await makePost(quiet.client, { content: 'Older, from a quiet member' });
    // The loud member writes more than is kept, all newer than the quiet member's post.
    const at = Date.now() + 1000;
    await db()
      .insertInto('posts')
      .values(
        Array.from({ length: NEWEST_KEPT + 5 }, (_, i) => ({
          id: uuidv7(),
          user_id: loud.id,
          category: 'general' as const,
          content: `Loud ${i}`,
          media_type: 'none' as const,
          created_at: new Date(at + i).toISOString(),
          updated_at: new Date(at + i).toISOString(),
        })),
      )
      .execute();
    expect((await viewer.client.request('PUT', `/api/mutes/${loud.id}`)).status).toBe(200);
    expect(await newestPage(db(), viewer.id, undefined, 20)).toBeNull();
    const page = await feed(viewer.client);
    expect(page.posts.map((p) => p.author.id)).not.toContain(loud.id);
    expect(page.posts.map((p) => p.id)).toContain(older.id);
    expect(page).toEqual(JSON.parse(JSON.stringify(await listFeed(db(), viewer.id, {}))));
  });
});
