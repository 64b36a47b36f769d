import { dialects, startTestServer, type TestServer } from '@server/test/harness.ts';
import { signedInMember } from '@server/test/members.ts';
import { makePost } from '@server/test/posts.ts';
import { uploadPhoto } from '@server/test/uploads.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The feeds' one filter (policies/blocks.ts notHiddenInFeed): every kind of hidden member at once, on
 * the home and category feeds, and pages of any size chaining without gaps or repeats.
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
  const feedIds = async (client: Awaited<ReturnType<typeof member>>['client'], query = '') => {
    const res = await client.get(`/api/posts${query}`);
    expect(res.status).toBe(200);
    return (res.body.posts as Array<{ id: string }>).map((p) => p.id);
  };

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
});
