import { createHmac } from 'node:crypto';
import Database from 'better-sqlite3';
import { v7 as uuidv7 } from 'uuid';

// Shared by the realtime and messaging benchmarks: members with live sessions, and percentiles.

export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

export interface BenchMember {
  userId: string;
  cookie: string;
}

/**
 * Members with live sessions, written straight into the server's SQLite file (signing up 2,000
 * members through the API would measure the password hash); cookies signed as Better Auth signs them.
 */
export function seedMembers(file: string, count: number, secret = BENCH_SECRET): BenchMember[] {
  const db = new Database(file);
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
  const user = db.prepare(
    'insert into "user" (id, name, email, emailVerified, createdAt, updatedAt) values (?, ?, ?, 1, ?, ?)',
  );
  const profile = db.prepare('insert into profiles (id, username, full_name) values (?, ?, ?)');
  const session = db.prepare(
    'insert into session (id, expiresAt, token, createdAt, updatedAt, userId) values (?, ?, ?, ?, ?, ?)',
  );
  const members: BenchMember[] = [];
  db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const userId = uuidv7();
      const token = `${uuidv7().replace(/-/g, '')}rt${i}`;
      user.run(userId, `Live ${i}`, `live${i}@bench.test`, now, now);
      profile.run(userId, `live${i}`, `Live ${i}`);
      session.run(uuidv7(), expires, token, now, now, userId);
      const signature = createHmac('sha256', secret).update(token).digest('base64');
      members.push({
        userId,
        cookie: `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`,
      });
    }
  })();
  db.close();
  return members;
}

/** The p-th percentile of ascending numbers. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export const round2 = (n: number): number => Number(n.toFixed(2));
