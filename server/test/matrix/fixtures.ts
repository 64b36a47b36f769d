import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCircle, goLive, requestToJoin } from '@server/commands/circles.ts';
import { createReport } from '@server/commands/moderation.ts';
import { createPost } from '@server/commands/posts.ts';
import { runCommand } from '@server/commands/run.ts';
import type { DB } from '@server/db/types.ts';
import { digest } from '@server/oauth/model.ts';
import { goLive as goLiveApi, letIn, makeCircle } from '@server/test/circles.ts';
import { insertMember } from '@server/test/database.ts';
import { insertPendingRequest } from '@server/test/friendRequests.ts';
import {
  type Dialect,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { insertToken } from '@server/test/mastodon.ts';
import { startPlacesFixture } from '@server/test/placesFixture.ts';
import { uploadPhoto, uploadVideo } from '@server/test/uploads.ts';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import webpush from 'web-push';
import { cookieOf } from './send.ts';
import { routeKey, type ViewerKind } from './table.ts';

// The matrix's world, built once per database through the API (as members would) where it is cheap,
// and through the app's own commands or plain rows where a row needs a fresh copy many times over.

export const PASSWORD = 'secret123';
const SUSPEND_ROUTE = routeKey('POST', '/api/admin/members/:id/suspend');

export interface Member {
  id: string;
  email: string;
  username: string;
  client: TestClient;
  /** The session cookie this member signed up with. */
  cookie: string;
  /**
   * An app's token for this member with every broad scope, what the Mastodon client API's rows
   * send (made before any suspension: a suspended member's token must count for nothing).
   */
  token: string;
  /** The app that token is of, named after the member ('Matrix app of …'). */
  app: MatrixApp;
  /** A second token of that app, with `read` alone: what a write needs is refused (403). */
  readToken: string;
}

/** Every broad scope an app may ask for (Mastodon's `read write follow push`). */
export const FULL_SCOPES = 'read write follow push';
export const MATRIX_REDIRECT_URI = 'https://app.example/callback';

/** An app as POST /api/v1/apps registers one: its id, and the client id and secret it was given. */
export interface MatrixApp {
  id: string;
  name: string;
  clientId: string;
  clientSecret: string;
}

/** An app, as a row of oauth_apps (the secret kept as its digest, as registerApp keeps it). */
export { insertToken };

export async function insertApp(db: Kysely<DB>, name: string, scopes = FULL_SCOPES): Promise<MatrixApp> {
  const app = {
    id: randomUUID(),
    name,
    clientId: randomBytes(32).toString('base64url'),
    clientSecret: randomBytes(32).toString('base64url'),
  };
  await db
    .insertInto('oauth_apps')
    .values({
      id: app.id,
      name,
      website: null,
      redirect_uris: MATRIX_REDIRECT_URI,
      scopes,
      client_id: app.clientId,
      client_secret_hash: digest(app.clientSecret),
      created_at: new Date().toISOString(),
    })
    .execute();
  return app;
}

/** Where the rows' push subscriptions point: port 9 (discard) on this machine, closed here. */
export const MATRIX_PUSH_HOST = '127.0.0.1:9';

export interface Fixtures {
  server: TestServer;
  db: Kysely<DB>;
  /** Every viewer but the visitor. */
  members: Record<Exclude<ViewerKind, 'visitor'>, Member>;
  /** The app's own token of an app (client_credentials): it acts for no member. */
  appToken: string;
  /** `METHOD /url` of every route the server registered (routeKey form). */
  routes: Set<string>;
  /**
   * TODO(issue 14, suspension): 'pending' until POST /api/admin/members/:id/suspend is registered;
   * then the suspended viewer is suspended through it and its column is checked like any other.
   */
  suspension: 'active' | 'pending';
  /**
   * The owner of things of their own, suspended by an admin once they had posted, liked the owner's
   * post (a notification in the owner's bell), been written to by other (a conversation in other's
   * inbox) and joined and chatted in the owner's private circle: every viewer is another member to them.
   */
  suspendedOwner: { id: string; username: string; name: string; post: string };
  /** The owner's post, with a comment by other (which sent the owner a notification). */
  post: string;
  /** The owner's prayer request ('I prayed'). */
  prayerRequest: string;
  notification: string;
  /** Other's post waiting for approval on the owner's wall. */
  pending: string;
  /** The owner's circles, both live, other let into both: private (previews allowed) and public. */
  privateCircle: string;
  publicCircle: string;
  /** The owner's unused uploads (photo, photo, 1 s video) and the URL of one, served under /media. */
  uploads: { avatar: string; cover: string; video: string };
  mediaPath: string;
  /** A comedy show an admin added. */
  show: string;
  fresh: ReturnType<typeof freshMakers>;
  /** Puts back the ties rows may have changed: the owner's block of blocked, other's friendship. */
  restoreTies(): Promise<void>;
  close(): Promise<void>;
}

async function member(server: TestServer, name: string): Promise<Member> {
  const { client, me, input } = await signedInMember(server, { name });
  const db = server.built.ctx.database.db;
  const app = await insertApp(db, `Matrix app of ${name}`);
  return {
    id: me.id,
    email: input.email.toLowerCase(),
    username: me.profile.username,
    client,
    cookie: cookieOf(client.cookies),
    token: await insertToken(db, app.id, me.id),
    app,
    readToken: await insertToken(db, app.id, me.id, 'read'),
  };
}

function expectStatus(res: { status: number; body: unknown }, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function buildFixtures(dialect: Dialect): Promise<Fixtures> {
  const places = await startPlacesFixture();
  // A web build of one page, so the app's HTML routes (/index.html, /post/:id, the fallback) exist.
  const dist = mkdtempSync(path.join(tmpdir(), 'splikz-matrix-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Splikz</title><div id="root"></div>');
  const server = await startTestServer(
    dialect,
    {
      ...GENEROUS_AUTH_LIMITS,
      // Seven viewers send the contact form once each from one IP.
      contactRateLimit: { perIp: 1000, windowMs: 60_000 },
      nominatimUrl: places.nominatimUrl,
      overpassUrl: places.overpassUrl,
      // Push subscriptions the rows make point at a closed local port: nothing leaves the machine.
      push: {
        ...webpush.generateVAPIDKeys(),
        subject: 'mailto:team@splikz.test',
        serviceHosts: [MATRIX_PUSH_HOST],
      },
    },
    { webDist: dist },
  );
  const close = async () => {
    await server.close();
    await places.close();
    rmSync(dist, { recursive: true, force: true });
  };
  try {
    const world = await buildWorld(server);
    return { ...world, fresh: freshMakers(world), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The members, their ties and the owner's things, through the API. */
async function buildWorld(server: TestServer): Promise<Omit<Fixtures, 'fresh' | 'close'>> {
  const db = server.built.ctx.database.db;
  const routes = new Set(server.built.routes.map((r) => routeKey(r.method, r.url)));

  const members = {
    owner: await member(server, 'Olive Owner'),
    member: await member(server, 'Mel Member'),
    other: await member(server, 'Otto Other'),
    blocked: await member(server, 'Bea Blocked'),
    suspended: await member(server, 'Sid Suspended'),
    admin: await member(server, 'Ada Admin'),
  };
  const { owner, other, admin } = members;
  const appToken = await insertToken(db, (await insertApp(db, 'Matrix app on its own')).id, null);
  await db.insertInto('user_roles').values({ user_id: admin.id, role: 'admin' }).execute();
  expectStatus(await owner.client.request('PUT', `/api/blocks/${members.blocked.id}`), 200, 'block');

  // Other: the owner's friend, commenter, correspondent, wall author and circle guest.
  expectStatus(await other.client.request('PUT', `/api/follows/${owner.id}`), 200, 'follow');
  expectStatus(await owner.client.post(`/api/friend-requests/${other.id}/accept`), 204, 'accept');
  const post = await owner.client.post('/api/posts', { category: 'general', content: 'Olive writes' });
  expectStatus(post, 201, 'post');
  const prayerRequest = await owner.client.post('/api/posts', {
    category: 'prayer',
    content: 'Pray for Olive',
  });
  expectStatus(prayerRequest, 201, 'prayer request');
  expectStatus(
    await other.client.post(`/api/posts/${post.body.id}/comments`, { content: 'Hi' }),
    201,
    'comment',
  );
  const notification = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', owner.id)
    .where('type', '=', 'comment')
    .executeTakeFirstOrThrow();
  const wall = await other.client.post(`/api/profiles/${owner.id}/wall`, { content: 'For Olive' });
  expectStatus(wall, 201, 'wall post');
  for (const [from, to] of [
    [other, owner],
    [owner, other],
  ] as const) {
    const sent = await from.client.post(`/api/conversations/with/${to.id}/messages`, {
      content: 'Hello',
      client_id: uuidv7(),
    });
    expectStatus(sent, 201, 'message');
  }
  const privateCircle = await makeCircle(owner.client, { visibility: 'private', allow_preview: true });
  const publicCircle = await makeCircle(owner.client, { visibility: 'public' });
  for (const circle of [privateCircle, publicCircle]) {
    await letIn({ client: owner.client }, { client: other.client, me: { id: other.id } }, circle.id);
    await goLiveApi(owner.client, circle.id);
  }
  const avatar = await uploadPhoto(server, owner.client);
  const cover = await uploadPhoto(server, owner.client);
  const video = await uploadVideo(server, owner.client, 1);
  const show = await admin.client.post('/api/admin/shows', showInput());
  expectStatus(show, 201, 'show');

  const suspendedOwner = await suspendedOwnerBefore(server, members, post.body.id, privateCircle.id);

  let suspension: Fixtures['suspension'] = 'pending';
  if (routes.has(SUSPEND_ROUTE)) {
    // Its cookie and token work until the suspension: the 401s that follow are the suspension's doing.
    expectStatus(await members.suspended.client.get('/api/me'), 200, 'suspended before suspension');
    const verified = await fetch(new URL('/api/v1/accounts/verify_credentials', server.baseUrl), {
      headers: { authorization: `Bearer ${members.suspended.token}` },
    });
    expectStatus({ status: verified.status, body: await verified.text() }, 200, 'token before suspension');
    for (const id of [members.suspended.id, suspendedOwner.id]) {
      const res = await admin.client.post(`/api/admin/members/${id}/suspend`, {});
      if (res.status >= 300) throw new Error(`suspension failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
    suspension = 'active';
  }

  return {
    server,
    db,
    members,
    appToken,
    routes,
    suspension,
    suspendedOwner,
    post: post.body.id,
    prayerRequest: prayerRequest.body.id,
    notification: notification.id,
    pending: wall.body.pending_post.id,
    privateCircle: privateCircle.id,
    publicCircle: publicCircle.id,
    uploads: { avatar: avatar.id, cover: cover.id, video: video.id },
    mediaPath: new URL(avatar.url, server.baseUrl).pathname,
    show: show.body.id,
    restoreTies: () => restoreTies(db, members),
  };
}

/**
 * The member to be suspended as an owner, with what others see of them: checked here to show before
 * the suspension, so the rows that find it hidden after cannot pass for want of it.
 */
async function suspendedOwnerBefore(
  server: TestServer,
  { owner, other }: Fixtures['members'],
  ownerPost: string,
  privateCircle: string,
): Promise<Fixtures['suspendedOwner']> {
  const name = 'Sue Suspended-owner';
  const sue = await member(server, name);
  const post = await sue.client.post('/api/posts', { category: 'general', content: 'Sue writes' });
  expectStatus(post, 201, "suspended owner's post");
  expectStatus(await sue.client.request('PUT', `/api/posts/${ownerPost}/like`), 200, 'like');
  const message = { content: 'Hello Sue', client_id: uuidv7() };
  expectStatus(
    await other.client.post(`/api/conversations/with/${sue.id}/messages`, message),
    201,
    'message',
  );
  await letIn({ client: owner.client }, { client: sue.client, me: { id: sue.id } }, privateCircle);
  expectStatus(await sue.client.post(`/api/circles/${privateCircle}/chat`, { content: 'Amen' }), 201, 'chat');
  const shows = async (client: TestClient, url: string, what: string) => {
    const res = await client.get(url);
    if (!JSON.stringify(res.body).includes(what)) throw new Error(`${url} does not show ${what} before`);
  };
  await shows(other.client, '/api/conversations', sue.id);
  await shows(owner.client, '/api/notifications', sue.username);
  await shows(owner.client, `/api/circles/${privateCircle}/members`, sue.id);
  await shows(owner.client, `/api/circles/${privateCircle}/chat`, sue.id);
  await shows(owner.client, `/api/profiles/search?q=${sue.username}`, sue.id);
  await shows(owner.client, `/api/posts/${post.body.id}`, sue.id);
  return { id: sue.id, username: sue.username, name, post: post.body.id };
}

export function showInput() {
  return {
    title: 'Late Laughs',
    venue: 'The Cellar',
    city: 'Springfield',
    show_date: '2026-12-31',
    starts_at: '2026-12-31T20:00:00Z',
  };
}

/** Rows that block, unfollow or unfriend end ties the fixtures rely on: this makes them again. */
async function restoreTies(db: Kysely<DB>, { owner, other, blocked }: Fixtures['members']) {
  const now = new Date().toISOString();
  await db
    .deleteFrom('blocks')
    .where((eb) => eb.not(eb.and([eb('blocker_id', '=', owner.id), eb('blocked_id', '=', blocked.id)])))
    .execute();
  await db.deleteFrom('mutes').execute();
  await db
    .insertInto('blocks')
    .values({ blocker_id: owner.id, blocked_id: blocked.id, created_at: now })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
  for (const [user_id, friend_id] of [
    [other.id, owner.id],
    [owner.id, other.id],
  ]) {
    await db
      .insertInto('friendships')
      .values({ id: uuidv7(), user_id: user_id!, friend_id: friend_id!, status: 'accepted', created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doUpdateSet({ status: 'accepted' }))
      .execute();
  }
  await db
    .insertInto('follows')
    .values({ id: uuidv7(), follower_id: other.id, following_id: owner.id, created_at: now })
    .onConflict((oc) => oc.columns(['follower_id', 'following_id']).doNothing())
    .execute();
}

/** Fresh things for rows that use them up: each viewer's request gets its own. */
function freshMakers(f: Omit<Fixtures, 'fresh' | 'close'>) {
  const { db } = f;
  const ctx = f.server.built.ctx;
  const { owner, other } = f.members;
  return {
    /** A member with no session (a target for admin actions, a sender of friend requests). */
    member: () => insertMember(db, 'Target'),
    post: async () => {
      const res = await owner.client.post('/api/posts', { category: 'general', content: 'To go' });
      expectStatus(res, 201, 'fresh post');
      return res.body.id as string;
    },
    comment: async () => {
      const res = await owner.client.post(`/api/posts/${f.post}/comments`, { content: 'Mine' });
      expectStatus(res, 201, 'fresh comment');
      return res.body.id as string;
    },
    /** Other's post waiting on the owner's wall. */
    pending: async () => {
      const res = await other.client.post(`/api/profiles/${owner.id}/wall`, { content: 'Approve me' });
      expectStatus(res, 201, 'fresh pending post');
      return res.body.pending_post.id as string;
    },
    /** A member who just asked to be the owner's friend; their id is what accept and decline take. */
    friendRequest: async () => {
      const sender = await insertMember(db, 'Sender');
      await insertPendingRequest(f.server, sender, owner.id);
      return sender;
    },
    /** An owner's circle, live, allowing previews. */
    circle: async (visibility: 'public' | 'private') => {
      const circle = await runCommand(ctx, (trx) =>
        createCircle(trx, owner.id, {
          title: 'Fresh circle',
          faith: 'Christianity',
          visibility,
          allow_preview: true,
          // Public ones let anyone in at once; private ones always need the owner's approval.
          join_by_blessing: false,
        }),
      );
      await runCommand(ctx, (trx, after) => goLive(trx, after, circle.id, owner.id, 'camera'));
      return circle.id;
    },
    /** A member waiting for the owner's approval to join `circleId`. */
    joinRequest: async (circleId: string) => {
      const asker = await insertMember(db, 'Asker');
      await runCommand(ctx, (trx, after) => requestToJoin(trx, after, circleId, asker));
      return asker;
    },
    show: async () => {
      const res = await f.members.admin.client.post('/api/admin/shows', showInput());
      expectStatus(res, 201, 'fresh show');
      return res.body.id as string;
    },
    /** An open report (by a fresh member, on a fresh member's post): a row of the moderation queue. */
    report: async () => {
      const [author, reporter] = [await insertMember(db, 'Reported'), await insertMember(db, 'Reporter')];
      const viewer = { userId: author, email: `${author}@example.com`, sessionToken: '' };
      const post = await runCommand(ctx, (trx, after) =>
        createPost(trx, after, viewer, { category: 'general', content: 'Spam' }, ctx.media),
      );
      const { receipt } = await runCommand(ctx, (trx) =>
        createReport(trx, reporter, { target_type: 'post', target_id: post, reason: 'spam' }),
      );
      return receipt.id;
    },
    /** A member an admin suspended, through the API. */
    suspendedMember: async () => {
      const id = await insertMember(db, 'Suspended');
      const res = await f.members.admin.client.post(`/api/admin/members/${id}/suspend`, {});
      expectStatus(res, 200, 'fresh suspension');
      return id;
    },
  };
}
