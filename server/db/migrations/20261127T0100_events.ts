import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Events with RSVP (issue 26, DESIGN section 7). One row per event with its start and end in UTC, its
// IANA zone and, for a weekly event, the last local date it repeats on. Its occurrences are computed
// from that rule and written to event_occurrences when the event is saved, so lists, 'Find Shows' by
// date and reminders read an index instead of expanding rules per request; RSVPs are per occurrence. A
// group event follows its group's privacy and goes with the group. The waitlist is the RSVPs whose
// answer is 'waitlist', ordered by when they asked.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  const real = pg ? 'double precision' : 'real';
  const userRef = (c: any) => c.notNull().references('user.id').onDelete('cascade');
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** Null for a comedy show the admin console entered (nobody hosts it on Splikz). */
    .addColumn('host_id', 'text', (c) => c.references('user.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.references('groups.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('starts_at', ts, (c) => c.notNull())
    .addColumn('ends_at', ts, (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('repeat', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('repeat_until', 'text')
    /** The end of the last occurrence: an event is upcoming until then. */
    .addColumn('last_ends_at', ts, (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('venue', 'text')
    .addColumn('address', 'text')
    .addColumn('lat', real)
    .addColumn('lng', real)
    .addColumn('online_url', 'text')
    .addColumn('circle_id', 'text', (c) => c.references('faith_circles.id').onDelete('set null'))
    .addColumn('capacity', 'integer')
    .addColumn('ticket_url', 'text')
    .addColumn('cover_media_id', 'text')
    .addColumn('cover_url', 'text')
    /** A comedy show from the admin console's Shows tab keeps its performer and the date it is listed under. */
    .addColumn('performer', 'text')
    .addColumn('show_date', 'text')
    .addColumn('cancelled_at', ts)
    .addColumn('cancel_reason', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addCheckConstraint('events_category_ck', sql`category in ('faith', 'food', 'comedy', 'community')`)
    .addCheckConstraint('events_repeat_ck', sql`repeat in ('none', 'weekly')`)
    .addCheckConstraint('events_place_ck', sql`place in ('in_person', 'circle', 'link')`)
    .execute();
  await db.schema.createIndex('events_host_idx').on('events').columns(['host_id', 'created_at']).execute();
  await db.schema
    .createIndex('events_group_idx')
    .on('events')
    .columns(['group_id', 'last_ends_at'])
    .execute();
  await db.schema.createIndex('events_point_idx').on('events').columns(['lat', 'lng']).execute();
  await db.schema.createIndex('events_show_date_idx').on('events').columns(['show_date']).execute();

  await db.schema
    .createTable('event_occurrences')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('starts_at', ts, (c) => c.notNull())
    .addColumn('ends_at', ts, (c) => c.notNull())
    /** Set when the 24-hour and the 1-hour reminders went out (claimed once across nodes). */
    .addColumn('reminded_day_at', ts)
    .addColumn('reminded_hour_at', ts)
    /** Set when an online event's circle was opened for this occurrence (once across nodes). */
    .addColumn('circle_opened_at', ts)
    .addPrimaryKeyConstraint('event_occurrences_pk', ['event_id', 'starts_at'])
    .execute();
  await db.schema
    .createIndex('event_occurrences_start_idx')
    .on('event_occurrences')
    .columns(['starts_at', 'event_id'])
    .execute();
  await db.schema
    .createIndex('event_occurrences_end_idx')
    .on('event_occurrences')
    .columns(['ends_at', 'starts_at', 'event_id'])
    .execute();

  await db.schema
    .createTable('event_rsvps')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('occurrence', ts, (c) => c.notNull())
    .addColumn('user_id', 'text', userRef)
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('guests', 'integer', (c) => c.notNull().defaultTo(0))
    /** When they last asked to go: the waitlist's order. */
    .addColumn('asked_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('event_rsvps_pk', ['event_id', 'occurrence', 'user_id'])
    .addCheckConstraint(
      'event_rsvps_answer_ck',
      sql`answer in ('going', 'interested', 'not_going', 'waitlist')`,
    )
    .addCheckConstraint('event_rsvps_guests_ck', sql`guests between 0 and 5`)
    .execute();
  await db.schema
    .createIndex('event_rsvps_answer_idx')
    .on('event_rsvps')
    .columns(['event_id', 'occurrence', 'answer', 'asked_at'])
    .execute();
  await db.schema
    .createIndex('event_rsvps_user_idx')
    .on('event_rsvps')
    .columns(['user_id', 'answer', 'occurrence'])
    .execute();

  // The admin console's comedy shows become events of category Comedy, with nothing lost: the performer,
  // the city (as the address) and the date 'Find Shows' lists them under stay; a show without a start
  // time starts at 20:00 UTC on its date and lasts two hours.
  const shows = await db.selectFrom('comedy_shows').selectAll().execute();
  for (const show of shows) {
    const start = new Date(show.starts_at ?? `${show.show_date}T20:00:00.000Z`);
    const starts = (
      Number.isNaN(start.getTime()) ? new Date(`${show.show_date}T20:00:00.000Z`) : start
    ).toISOString();
    const ends = new Date(Date.parse(starts) + 2 * 3600_000).toISOString();
    const created = show.created_at ? new Date(show.created_at).toISOString() : new Date().toISOString();
    await db
      .insertInto('events')
      .values({
        id: show.id,
        host_id: null,
        group_id: null,
        title: show.title,
        description: '',
        category: 'comedy',
        starts_at: starts,
        ends_at: ends,
        time_zone: 'UTC',
        repeat: 'none',
        last_ends_at: ends,
        place: 'in_person',
        venue: show.venue,
        address: show.city,
        ticket_url: show.ticket_url,
        performer: show.performer,
        show_date: show.show_date,
        created_at: created,
        updated_at: created,
      })
      .execute();
    await db
      .insertInto('event_occurrences')
      .values({ event_id: show.id, starts_at: starts, ends_at: ends })
      .execute();
  }
  await db.schema.dropTable('comedy_shows').execute();

  // A member's private calendar feed: a long random token that works without a session.
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('notifications')
    .addColumn('event_id', 'text', (c) => c.references('events.id').onDelete('cascade'))
    .execute();
  // Reminders and news of the events a member is going to, by push and by email (both on at first:
  // the member asked to go).
  const bool = pg ? 'boolean' : 'integer';
  const yes = pg ? sql`true` : sql`1`;
  await db.schema
    .alterTable('user_settings')
    .addColumn('push_events', bool, (c) => c.notNull().defaultTo(yes))
    .execute();
  await db.schema
    .alterTable('user_settings')
    .addColumn('email_events', bool, (c) => c.notNull().defaultTo(yes))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  await db.schema.alterTable('user_settings').dropColumn('email_events').execute();
  await db.schema.alterTable('user_settings').dropColumn('push_events').execute();
  await db.schema.alterTable('notifications').dropColumn('event_id').execute();
  await db.schema.dropTable('calendar_feeds').execute();
  await db.schema
    .createTable('comedy_shows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('performer', 'text')
    .addColumn('venue', 'text', (c) => c.notNull())
    .addColumn('city', 'text')
    .addColumn('show_date', 'text', (c) => c.notNull())
    .addColumn('starts_at', ts)
    .addColumn('ticket_url', 'text')
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex('comedy_shows_date_idx').on('comedy_shows').column('show_date').execute();
  const shows = await db.selectFrom('events').selectAll().where('show_date', 'is not', null).execute();
  for (const show of shows) {
    await db
      .insertInto('comedy_shows')
      .values({
        id: show.id,
        title: show.title,
        performer: show.performer,
        venue: show.venue ?? '',
        city: show.address,
        show_date: show.show_date,
        starts_at: show.starts_at,
        ticket_url: show.ticket_url,
      })
      .execute();
  }
  await db.schema.dropTable('event_rsvps').execute();
  await db.schema.dropTable('event_occurrences').execute();
  await db.schema.dropTable('events').execute();
}
