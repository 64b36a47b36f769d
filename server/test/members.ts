import { createHmac, randomBytes } from 'node:crypto';
import { usernameFromEmail } from '@common/username.ts';
import { SESSION_MAX_AGE_SECONDS } from '@server/auth/auth.ts';
import { argon2Password } from '@server/auth/passwords.ts';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { makeUserInput, TestClient, type TestServer } from './harness.ts';

// Test members written straight into the database: the user, its profile, a password account (the
// same argon2 hash for every member, made once per process) and a session, with the session cookie
// signed as Better Auth signs it. The real sign-up, confirmation and reset flows have their own tests
// (server/routes/auth, e2e/auth.spec.ts); everything else starts from here.

const hashes = new Map<string, Promise<string>>();

/** One argon2 hash per password per process: every test member shares 'secret123'. */
function hashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = argon2Password.hash(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** A unique free username from the email, the way sign-up makes one. */
async function freeUsername(server: TestServer, wanted: string): Promise<string> {
  const { db } = server.built.ctx.database;
  for (let n = 0; ; n += 1) {
    const candidate = n === 0 ? wanted : `${wanted.slice(0, 20)}${n}`;
    const taken = await db
      .selectFrom('profiles')
      .select('id')
      .where('username', '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
}

/** Signs an existing member in by writing a session row and the signed cookie into a new client. */
export async function signInDirectly(server: TestServer, userId: string): Promise<TestClient> {
  const { database, config } = server.built.ctx;
  const token = randomBytes(24).toString('base64url');
  const now = new Date();
  const expires = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  const date = (d: Date) => (database.dialect === 'postgres' ? d : d.toISOString());
  await sql`insert into "session" ("id", "token", "userId", "expiresAt", "createdAt", "updatedAt", "ipAddress", "userAgent")
    values (${uuidv7()}, ${token}, ${userId}, ${date(expires)}, ${date(now)}, ${date(now)}, '127.0.0.1', 'splikz-tests')`.execute(
    database.db,
  );
  const signature = createHmac('sha256', config.authSecret).update(token).digest('base64');
  const client = new TestClient(server.baseUrl);
  const secure = config.publicUrl.startsWith('https://') ? '__Secure-' : '';
  client.cookies.set(`${secure}better-auth.session_token`, encodeURIComponent(`${token}.${signature}`));
  return client;
}

/**
 * A confirmed, signed-in member without going through sign-up: same result as `signUpMember` (a user,
 * a profile with a username from the email, a password that signs in, a session), in a few inserts.
 */
export async function signedInMember(
  server: TestServer,
  overrides: Parameters<typeof makeUserInput>[0] = {},
): Promise<{ client: TestClient; input: ReturnType<typeof makeUserInput>; me: any }> {
  const input = makeUserInput(overrides);
  const { database } = server.built.ctx;
  const id = uuidv7();
  const email = input.email.toLowerCase();
  const username = await freeUsername(server, input.username ?? usernameFromEmail(email));
  const now = new Date();
  const date = database.dialect === 'postgres' ? now : now.toISOString();
  const password = await hashOf(input.password);
  await database.db.transaction().execute(async (trx) => {
    await sql`insert into "user" ("id", "name", "email", "emailVerified", "createdAt", "updatedAt")
      values (${id}, ${input.name.trim()}, ${email}, ${database.dialect === 'postgres' ? true : 1}, ${date}, ${date})`.execute(
      trx,
    );
    await sql`insert into "profiles" ("id", "username", "full_name") values (${id}, ${username}, ${input.name.trim()})`.execute(
      trx,
    );
    await sql`insert into "account" ("id", "accountId", "providerId", "userId", "password", "createdAt", "updatedAt")
      values (${uuidv7()}, ${id}, 'credential', ${id}, ${password}, ${date}, ${date})`.execute(trx);
  });
  const client = await signInDirectly(server, id);
  const me = await client.get('/api/me');
  if (me.status !== 200) throw new Error(`signedInMember: /api/me answered ${me.status}`);
  return { client, input, me: me.body };
}
