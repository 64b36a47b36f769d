import { randomBytes, randomUUID } from 'node:crypto';
import { showInputSchema } from '@common/schemas/admin.ts';
import { digest } from '@server/oauth/model.ts';
import { validBodies } from '@server/test/badInput.ts';
import { makeCircle } from '@server/test/circles.ts';
import { insertMember } from '@server/test/database.ts';
import { insertPendingRequest } from '@server/test/friendRequests.ts';
import { signedInMember, TestClient, type TestServer } from '@server/test/harness.ts';
import { insertToken } from '@server/test/mastodon.ts';
import { uploadPhoto } from '@server/test/uploads.ts';
import { TestAuthenticator } from '@server/test/webauthn.ts';
import fc from 'fast-check';

// The world generated bad input runs in (badInputRoutes.ts): two members and an admin, and one of
// everything a route's path can name, the first member's and another's.

export type Fixture = keyof Awaited<ReturnType<typeof makeFixtures>>['ids'];
export type Actor = 'member' | 'admin' | 'visitor';

/** Valid bodies of an admin's comedy show: the fixture's, and the admin route's. */
export const showBodies = validBodies(showInputSchema, {
  show_date: fc.constant('2027-03-14'),
  starts_at: fc.constant('2027-03-14T19:30:00-05:00'),
  ticket_url: fc.constantFrom(null, '', 'https://example.org/tickets'),
});

const eventFixture = (title: string) => ({
  title,
  starts_local: '2027-05-02T10:00',
  ends_local: '2027-05-02T12:00',
  time_zone: 'UTC',
  repeat: 'none',
  category: 'community',
  place: 'circle',
});

const recipeFixture = (title: string) => ({
  category: 'food',
  content: title,
  recipe_data: { title, servings: 4, ingredients: [{ quantity: '2', unit: 'cup', item: 'flour' }] },
});

/** The client id of an app A authorized (the authorize screen's bodies name it). */
export const CLIENT_ID_OF_A = 'bad-input-app-of-a';
export const REDIRECT_URI = 'https://app.example/callback';

/**
 * An app (a row of oauth_apps) with a token of every broad scope for `userId` (oauth_tokens), as a
 * member's 'Authorize' leaves them; the raw token is answered. The token counts as used in the far
 * future: a request with it would otherwise note when it was used (at most every 5 minutes), which
 * the digest of the database would count as the case's write.
 */
async function authorizedApp(server: TestServer, userId: string, clientId: string) {
  const { db } = server.built.ctx.database;
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('oauth_apps')
    .values({
      id,
      name: `App ${clientId}`,
      website: null,
      redirect_uris: REDIRECT_URI,
      scopes: 'read write follow push',
      client_id: clientId,
      client_secret_hash: digest(randomBytes(32).toString('base64url')),
      created_at: now,
    })
    .execute();
  const token = await insertToken(db, id, userId, 'read write follow push', '9999-12-31T00:00:00.000Z');
  return { id, token };
}

/** Two members and an admin, and one of everything a path can name: theirs and another's. */
export async function makeFixtures(server: TestServer) {
  const [a, b, boss] = [
    await signedInMember(server),
    await signedInMember(server),
    await signedInMember(server),
  ];
  await server.built.ctx.database.db
    .insertInto('user_roles')
    .values({ user_id: boss.me.id, role: 'admin' })
    .execute();
  const made = async (client: TestClient, method: string, url: string, body?: unknown) => {
    const res = await client.request(method, url, method === 'GET' ? undefined : (body ?? {}));
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const post = (await made(a.client, 'POST', '/api/posts', { content: 'Mine' })).id;
  const postOfB = (await made(b.client, 'POST', '/api/posts', { content: 'Theirs' })).id;
  await made(b.client, 'PUT', `/api/follows/${a.me.id}`); // a friend request, and A's notification
  await made(a.client, 'PUT', `/api/follows/${b.me.id}`);
  const reportOfB = { target_type: 'post', reason: 'spam' };
  /** A second session of the member (another device), as "Where you're signed in" lists it. */
  const otherSession = async (member: typeof a) => {
    const device = new TestClient(server.baseUrl);
    const { email, password } = member.input;
    await made(device, 'POST', '/api/auth/sign-in/email', { email, password });
    const sessions = (await made(device, 'GET', '/api/auth/sessions')) as Array<{
      id: string;
      current: boolean;
    }>;
    return sessions.find((session) => session.current)!.id;
  };
  /** A passkey of the member (issue 52), added as 'Add a passkey' does. */
  const passkeyOf = async (member: typeof a) => {
    const options = await made(member.client, 'POST', '/api/auth/passkeys/options', {
      password: member.input.password,
    });
    const response = new TestAuthenticator(server.baseUrl).create(options);
    return (await made(member.client, 'POST', '/api/auth/passkeys', { name: 'Laptop', response }))
      .id as string;
  };
  const pendingRequestTo = async (to: string) => {
    const sender = await insertMember(server.built.ctx.database.db, 'Requester');
    await insertPendingRequest(server, sender, to);
    return sender;
  };
  const firstNotification = async (client: TestClient) =>
    (await made(client, 'GET', '/api/notifications')).notifications[0].id;
  const ids = {
    me: a.me.id as string,
    user: b.me.id as string,
    post,
    postOfB,
    comment: (await made(a.client, 'POST', `/api/posts/${post}/comments`, { content: 'c' })).id,
    commentOfB: (await made(b.client, 'POST', `/api/posts/${postOfB}/comments`, { content: 'c' })).id,
    pending: (await made(b.client, 'POST', `/api/profiles/${a.me.id}/wall`, { content: 'For A' }))
      .pending_post.id,
    pendingOfB: (await made(a.client, 'POST', `/api/profiles/${b.me.id}/wall`, { content: 'For B' }))
      .pending_post.id,
    notification: await firstNotification(a.client),
    notificationOfB: await firstNotification(b.client),
    session: await otherSession(a),
    sessionOfB: await otherSession(b),
    passkey: await passkeyOf(a),
    passkeyOfB: await passkeyOf(b),
    circle: (await makeCircle(a.client, { mode: 'scheduled' })).id,
    circleOfB: (await makeCircle(b.client, { mode: 'scheduled' })).id,
    show: (await made(boss.client, 'POST', '/api/admin/shows', fc.sample(showBodies, 1)[0])).id,
    report: (await made(a.client, 'POST', '/api/reports', { ...reportOfB, target_id: postOfB })).id,
    hiddenAuthEndpoint: 'update-user',
    // A hashtag's name (issue 51): any tag exists as a name, followed or not.
    tag: 'sourdough',
    group: (
      await made(a.client, 'POST', '/api/groups', {
        name: 'Group of A',
        category: 'faith',
        privacy: 'private',
      })
    ).slug,
    // A group of its own for the admin's delete: a case that deletes it leaves the others' groups be.
    groupId: (
      await made(b.client, 'POST', '/api/groups', {
        name: 'Group to go',
        category: 'food',
        privacy: 'secret',
      })
    ).id,
    groupOfB: (
      await made(b.client, 'POST', '/api/groups', {
        name: 'Group of B',
        category: 'food',
        privacy: 'private',
      })
    ).slug,
    prayer: (await made(a.client, 'POST', '/api/posts', { content: 'Pray for A', category: 'prayer' })).id,
    prayerOfB: (await made(b.client, 'POST', '/api/posts', { content: 'Pray for B', category: 'prayer' })).id,
    recipe: (await made(a.client, 'POST', '/api/posts', recipeFixture('Recipe of A'))).id,
    recipeOfB: (await made(b.client, 'POST', '/api/posts', recipeFixture('Recipe of B'))).id,
    shoppingItem: (await made(a.client, 'POST', '/api/recipes/shopping', { item: 'flour' })).items[0].id,
    shoppingItemOfB: (await made(b.client, 'POST', '/api/recipes/shopping', { item: 'sugar' })).items[0].id,
    event: (await made(a.client, 'POST', '/api/events', eventFixture('Event of A'))).id,
    eventOfB: (await made(b.client, 'POST', '/api/events', eventFixture('Event of B'))).id,
    // Apps A and B authorized (issue 53): what 'Apps you've authorized' revokes.
    app: (await authorizedApp(server, a.me.id, CLIENT_ID_OF_A)).id,
    appOfB: (await authorizedApp(server, b.me.id, 'bad-input-app-of-b')).id,
    // Uploads in no post yet (issue 53: an app describes its own before posting it), A's and B's.
    media: (await uploadPhoto(server, a.client)).id,
    mediaOfB: (await uploadPhoto(server, b.client)).id,
    // A member who asked A to be friends and waits (a Mastodon follow request A may authorize).
    requester: await pendingRequestTo(a.me.id),
  };
  // The tokens the Mastodon client API's routes are sent with, of apps of their own (so a revoked
  // fixture app above would not take them).
  const tokens: Record<Actor, string> = {
    member: (await authorizedApp(server, a.me.id, 'bad-input-client-of-a')).token,
    admin: (await authorizedApp(server, boss.me.id, 'bad-input-client-of-admin')).token,
    visitor: '',
  };
  const cookie = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    ids,
    cookies: { member: cookie(a.client), admin: cookie(boss.client), visitor: '' } as Record<Actor, string>,
    tokens,
  };
}
export type Fixtures = Awaited<ReturnType<typeof makeFixtures>>;
