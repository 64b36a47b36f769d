import type { Database_ } from '@server/db/database.ts';
import type { DB } from '@server/db/types.ts';
import { type MailEvent, sendMailEvents } from '@server/emails/mentionEmails.ts';
import type { Log } from '@server/log.ts';
import type { Mailer } from '@server/mail/mailer.ts';
import { type MediaObjectRow, removeMediaFiles } from '@server/media/mediaObjects.ts';
import type { MediaStorage } from '@server/media/storage.ts';
import type { PushEvent, PushSender } from '@server/push/pushSender.ts';
import type { AppStreamEvent, Realtime } from '@server/realtime/realtime.ts';
import type { Transaction } from 'kysely';

/** What a command needs around it, in a request, a job or a script alike. */
export interface CommandContext {
  database: Pick<Database_, 'db'>;
  realtime: Realtime;
  media: MediaStorage;
  log: Log;
  /** Web push after a commit (absent in scripts and jobs that send none). */
  push?: Pick<PushSender, 'deliver'>;
  /** Janus rooms of circles (with JANUS_URL): an ended circle's room is destroyed after the commit. */
  circleMedia?: { closeRoom(circleId: string): Promise<void> } | undefined;
  /** Notification emails after a commit (absent in scripts and jobs that send none). */
  mailer?: Mailer;
  config?: { publicUrl: string; authSecret: string };
  /** Reads link cards after a commit (server/jobs/linkCards.ts); without it the job reads them. */
  linkCards?: { read(postId: string): void };
  /** The Mastodon API's streams on every node (server/streaming/appStreams.ts); absent in scripts. */
  appStreams?: { publish(event: AppStreamEvent): void };
}

/**
 * What a command records, inside its transaction, to happen once that transaction has committed.
 * Nothing recorded here happens when the transaction rolls back.
 */
export interface After {
  /** Send an event to one room or several (a member's tabs: `emitToUser`). */
  emit: Realtime['emit'];
  emitExcept: Realtime['emitExcept'];
  emitToUser: Realtime['emitToUser'];
  /** The member's notifications changed: their open tabs refetch the bell (once per command). */
  notificationsChanged(userId: string): void;
  /** The member's sockets are dropped (sign-out everywhere, deletion); valid sessions reconnect. */
  disconnectUser(userId: string): void;
  /** These members' tabs leave a room on every node (they lost access to what it carries). */
  leaveRoom: Realtime['leaveRoom'];
  /** The stored files of an upload whose row this transaction deleted. */
  removeFiles(row: Pick<MediaObjectRow, 'id' | 'storage_key' | 'variant_key'>): void;
  /** Anything else that must wait for the commit (dropping cached sessions, say). */
  run(effect: () => void | Promise<void>): void;
  /** Tell members' browsers by web push (each under its switch); sent after the commit, not awaited. */
  push(event: PushEvent): void;
  /** Send a notification email (under the member's switch); sent after the commit, not awaited. */
  email(event: MailEvent): void;
  /** A circle ended: its Janus room (if any) is destroyed, which cuts every guest's media. */
  closeCircleMedia(circleId: string): void;
  /** The post waits for its link card: read after the commit, not awaited. */
  readCard(postId: string): void;
  /** Tell the Mastodon API's open streams (a post new, changed or gone), after the commit. */
  stream(event: AppStreamEvent): void;
}

export type Command<T> = (trx: Transaction<DB>, after: After) => Promise<T>;

/**
 * Runs a command in one transaction and then carries out what it recorded: realtime events (in the
 * order recorded, notification refreshes once per member), file removals and other effects. A file
 * that will not go or an effect that fails is logged, never turned into a failure of what has
 * already been committed.
 */
export async function runCommand<T>(ctx: CommandContext, command: Command<T>): Promise<T> {
  const events: Array<() => void> = [];
  const notified = new Set<string>();
  const files: Array<Pick<MediaObjectRow, 'id' | 'storage_key' | 'variant_key'>> = [];
  const effects: Array<() => void | Promise<void>> = [];
  const pushes: PushEvent[] = [];
  const mails: MailEvent[] = [];
  const cards: string[] = [];
  const after: After = {
    emit: (room, event, ...args) => events.push(() => ctx.realtime.emit(room, event, ...args)),
    emitExcept: (room, except, event, ...args) =>
      events.push(() => ctx.realtime.emitExcept(room, except, event, ...args)),
    emitToUser: (userIds, event, ...args) =>
      events.push(() => ctx.realtime.emitToUser(userIds, event, ...args)),
    notificationsChanged: (userId) => notified.add(userId),
    disconnectUser: (userId) => events.push(() => ctx.realtime.disconnectUser(userId)),
    leaveRoom: (userIds, room) => events.push(() => ctx.realtime.leaveRoom(userIds, room)),
    removeFiles: (row) => files.push(row),
    run: (effect) => effects.push(effect),
    push: (event) => pushes.push(event),
    email: (event) => mails.push(event),
    closeCircleMedia: (circleId) => {
      if (ctx.circleMedia) effects.push(() => ctx.circleMedia?.closeRoom(circleId));
    },
    readCard: (postId) => cards.push(postId),
    stream: (event) => events.push(() => ctx.appStreams?.publish(event)),
  };
  const result = await ctx.database.db.transaction().execute((trx) => command(trx, after));
  // What the cache keeps is checked against numbers the transaction's triggers moved (server/cache/).
  await Promise.all(
    files.map((row) =>
      removeMediaFiles(ctx.media, row).catch((error: unknown) =>
        ctx.log.warn({ err: error, mediaId: row.id }, 'could not remove the files of a released upload'),
      ),
    ),
  );
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      ctx.log.error({ err: error }, 'an effect after a commit failed');
    }
  }
  for (const emit of events) emit();
  if (notified.size > 0) {
    ctx.realtime.emitToUser([...notified], 'notifications:changed');
    ctx.appStreams?.publish({ type: 'notifications', userIds: [...notified] });
  }
  // Push services answer in their own time: the request does not wait for them.
  if (pushes.length > 0 && ctx.push) void ctx.push.deliver(pushes);
  if (mails.length > 0 && ctx.mailer && ctx.config) {
    const { mailer, config } = ctx;
    void sendMailEvents({ database: ctx.database, log: ctx.log, mailer, config }, mails);
  }
  for (const postId of cards) ctx.linkCards?.read(postId);
  return result;
}
