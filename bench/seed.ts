import Database from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';

const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * Members (when `fromPost` is 0) and posts `fromPost`..`toPost` written straight into SQLite, spread over
 * the past year with some likes, comments and views: the API is what we measure, not the seeding.
 */
export function seedFeed(
  file: string,
  members: string[],
  fromPost: number,
  toPost: number,
  totals: { members: number; posts: number },
  options: {
    /** Post i's text (bench/search.ts gives words of every frequency). */
    content?: (i: number) => string;
    /** Posts as issue 51 writes them: a tag and a mention in every 4th, a poll in every 10th. */
    rich?: boolean;
  } = {},
) {
  const { members: MEMBERS, posts: POSTS } = totals;
  const content =
    options.content ?? ((i: number) => `Post number ${i}: a few words about faith, food and laughter.`);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const now = Date.now();
  if (fromPost === 0) {
    const user = db.prepare(
      'insert into "user" (id, name, email, emailVerified, image, createdAt, updatedAt) values (?, ?, ?, 1, null, ?, ?)',
    );
    const profile = db.prepare('insert into profiles (id, username, full_name) values (?, ?, ?)');
    db.transaction(() => {
      for (let i = 0; i < MEMBERS; i += 1) {
        const id = uuidv7();
        members.push(id);
        const at = new Date(now - YEAR_MS).toISOString();
        user.run(id, `Member ${i}`, `member${i}@bench.test`, at, at);
        profile.run(id, `member${i}`, `Member ${i}`);
      }
    })();
  }
  const post = db.prepare(
    `insert into posts (id, user_id, category, content, media_type, like_count, comment_count, view_count, created_at, updated_at, mentions, poll, card_url, card_state, card)
     values (?, ?, ?, ?, 'none', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const tag = db.prepare('insert into post_tags (post_id, tag, user_id, created_at) values (?, ?, ?, ?)');
  const categories = ['general', 'prayer', 'food', 'comedy'];
  const batch = 50_000;
  for (let start = fromPost; start < toPost; start += batch) {
    db.transaction(() => {
      for (let i = start; i < Math.min(start + batch, toPost); i += 1) {
        // Older posts first so that the newest ones are the last written, like a real history.
        const at = new Date(now - YEAR_MS + Math.floor((i / POSTS) * YEAR_MS)).toISOString();
        const id = uuidv7();
        const author = members[i % members.length]!;
        const rich = options.rich ? richPost(i, members, at) : null;
        post.run(
          id,
          author,
          categories[i % 4],
          rich?.content ?? content(i),
          i % 7,
          i % 3,
          i % 11,
          at,
          at,
          rich?.mentions ?? null,
          rich?.poll ?? null,
          rich?.card ? CARD_URL : null,
          rich?.card ? 'ready' : null,
          rich?.card ?? null,
        );
        if (rich?.tagged) tag.run(id, 'faith', author, at);
      }
    })();
  }
  db.pragma('optimize');
  settleWal(db);
  db.close();
}

const CARD_URL = 'https://kitchen.example/sourdough';
/** A link card as the app keeps it (commands/linkCards.ts); CARD_SQL in SQL's quoting (PostgreSQL). */
const CARD_JSON = JSON.stringify({
  url: CARD_URL,
  title: "Sourdough at Saint Mark's",
  description: 'Our Saturday bake, the starter and the recipe.',
  site: 'Parish Kitchen',
  image_url: '/media/m/00000000-0000-7000-8000-000000000001.webp',
  image_width: 640,
  image_height: 336,
});
const CARD_SQL = `'${CARD_JSON.replaceAll("'", "''")}'`;

/**
 * A post as issue 51 writes them, for the benches that read feeds: every 4th names a member and
 * carries #faith (its mention and tag kept as the app keeps them), every 10th asks a poll of three
 * options ten members voted in, every 5th (the others) shares a link with its card.
 */
export function richPost(i: number, members: string[], endsAfter: string) {
  const named = (i + 1) % members.length;
  const tagged = i % 4 === 0;
  const text = `Post number ${i}: a few words about faith, food and laughter.`;
  const poll =
    i % 10 === 0
      ? JSON.stringify({
          options: [
            { title: 'Friday', votes_count: 5 },
            { title: 'Saturday', votes_count: 3 },
            { title: 'Sunday', votes_count: 2 },
          ],
          multiple: false,
          expires_at: new Date(Date.parse(endsAfter) + 86_400_000).toISOString(),
          votes_count: 10,
          voters_count: 10,
        })
      : null;
  const linked = i % 5 === 2;
  const body = linked ? `${text} ${CARD_URL}` : text;
  return {
    content: tagged ? `${body} #faith with @member${named}` : body,
    mentions: tagged ? JSON.stringify([{ id: members[named], username: `member${named}` }]) : null,
    poll,
    tagged,
    card: linked ? CARD_JSON : null,
  };
}

/** The id of bench member `i` on PostgreSQL (a fixed UUID, so posts can name their authors in SQL). */
const memberIdSql = (i: string) => `'00000000-0000-7000-8000-' || lpad(to_hex(${i}), 12, '0')`;

/**
 * The same members (when `fromPost` is 0) and posts as seedFeed, on PostgreSQL, written by the server
 * itself with generate_series (a million rows in seconds, not a million round trips). Returns the
 * members' ids in order.
 */
export async function seedFeedPostgres(
  db: Kysely<any>,
  fromPost: number,
  toPost: number,
  totals: { members: number; posts: number },
  /** Post i's text as SQL over `i` (bench/search.ts). */
  contentSql = `'Post number ' || i || ': a few words about faith, food and laughter.'`,
  /** As richPost: a tag and a mention in every 4th post, a poll in every 10th, a link card in every 5th. */
  rich = false,
): Promise<string[]> {
  const { members: MEMBERS, posts: POSTS } = totals;
  const now = Date.now();
  const start = new Date(now - YEAR_MS).toISOString();
  if (fromPost === 0) {
    await sql
      .raw(`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
        select ${memberIdSql('i')}, 'Member ' || i, 'member' || i || '@bench.test', true, '${start}', '${start}'
        from generate_series(0, ${MEMBERS - 1}) i`)
      .execute(db);
    await sql
      .raw(`insert into profiles (id, username, full_name)
        select ${memberIdSql('i')}, 'member' || i, 'Member ' || i from generate_series(0, ${MEMBERS - 1}) i`)
      .execute(db);
  }
  const categories = `(array['general','prayer','food','comedy'])[i % 4 + 1]`;
  const linkedSql = `${contentSql} || case when i % 5 = 2 then ' ${CARD_URL}' else '' end`;
  const at = `'${start}'::timestamptz + (i::float8 / ${POSTS}) * interval '365 days'`;
  await sql
    .raw(`insert into posts (id, user_id, category, content, media_type, like_count, comment_count, view_count, created_at, updated_at, mentions, poll, card_url, card_state, card)
      select gen_random_uuid()::text, ${memberIdSql(`i % ${MEMBERS}`)}, ${categories},
        ${rich ? `${linkedSql} || case when i % 4 = 0 then ' #faith with @member' || ((i + 1) % ${MEMBERS}) else '' end` : contentSql},
        'none', i % 7, i % 3, i % 11, ${at}, ${at},
        ${rich ? `case when i % 4 = 0 then '[{"id":"' || ${memberIdSql(`((i + 1) % ${MEMBERS})`)} || '","username":"member' || ((i + 1) % ${MEMBERS}) || '"}]' end` : 'null'},
        ${rich ? `case when i % 10 = 0 then '{"options":[{"title":"Friday","votes_count":5},{"title":"Saturday","votes_count":3},{"title":"Sunday","votes_count":2}],"multiple":false,"expires_at":"2099-01-01T00:00:00.000Z","votes_count":10,"voters_count":10}' end` : 'null'},
        ${rich ? `case when i % 5 = 2 then '${CARD_URL}' end` : 'null'},
        ${rich ? `case when i % 5 = 2 then 'ready' end` : 'null'},
        ${rich ? `case when i % 5 = 2 then ${CARD_SQL} end` : 'null'}
      from generate_series(${fromPost}, ${toPost - 1}) i`)
    .execute(db);
  if (rich) {
    await sql
      .raw(`insert into post_tags (post_id, tag, user_id, created_at)
        select id, 'faith', user_id, created_at from posts where content like '% #faith with @%'
        on conflict do nothing`)
      .execute(db);
  }
  await sql`analyze`.execute(db);
  return Array.from(
    { length: MEMBERS },
    (_, i) => `00000000-0000-7000-8000-${i.toString(16).padStart(12, '0')}`,
  );
}

/**
 * Ends a bulk seed as a running site's database is: its write-ahead log copied back and emptied. A
 * seed's one transaction leaves a log of hundreds of megabytes (the server's connection, open
 * meanwhile, keeps it from being removed at close), and every page a query then reads is looked up in
 * its index first: reads of the events bench took five times as long so. A running site's log stays
 * near SQLite's automatic checkpoint (1,000 pages).
 */
export function settleWal(db: Database.Database): void {
  const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
  if (result?.busy) throw new Error('The seeded database could not be checkpointed: a reader held it');
}
