import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Finding posts by their words (issue 51), with each database's own full-text index, none made by hand.
//
// SQLite: an FTS5 table over posts.content (external content: the index only, the text stays in posts),
// keyed by the posts' rowid and kept by three triggers. unicode61 with remove_diacritics folds case and
// accents ('Cafe' finds 'Café'). The rowid grows with each insert, so 'newest first' reads the index
// backwards and stops at a page. Backups copy pages, so rowids survive them; a VACUUM may renumber a
// table's rowids, and after one `insert into posts_fts(posts_fts) values ('rebuild')` re-reads them.
//
// PostgreSQL: a stored tsvector of the 'simple' configuration (no stemming: posts come in five
// languages) and a GIN index on it.
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table posts add column search tsvector generated always as (to_tsvector('simple', content)) stored`.execute(
      db,
    );
    await sql`create index posts_search_idx on posts using gin (search)`.execute(db);
    return;
  }
  await sql`create virtual table posts_fts using fts5(content, content='posts', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(
    db,
  );
  await sql`insert into posts_fts(posts_fts) values ('rebuild')`.execute(db);
  await sql`create trigger posts_fts_insert after insert on posts begin
    insert into posts_fts(rowid, content) values (new.rowid, new.content);
  end`.execute(db);
  await sql`create trigger posts_fts_delete after delete on posts begin
    insert into posts_fts(posts_fts, rowid, content) values ('delete', old.rowid, old.content);
  end`.execute(db);
  await sql`create trigger posts_fts_update after update of content on posts begin
    insert into posts_fts(posts_fts, rowid, content) values ('delete', old.rowid, old.content);
    insert into posts_fts(rowid, content) values (new.rowid, new.content);
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index if exists posts_search_idx`.execute(db);
    await sql`alter table posts drop column if exists search`.execute(db);
    return;
  }
  for (const name of ['posts_fts_insert', 'posts_fts_delete', 'posts_fts_update']) {
    await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
  }
  await sql`drop table if exists posts_fts`.execute(db);
}
