import type { Post } from '@common/schemas/posts.ts';
import { isTag, normalizeTag } from '@common/text/postText.ts';
import type { DB } from '@server/db/types.ts';
import type { Log } from '@server/log.ts';
import { forgetAppTokens } from '@server/oauth/appTokens.ts';
import { presentMastodonNotification } from '@server/presenters/mastodon/notification.ts';
import { presentStatus } from '@server/presenters/mastodon/status.ts';
import { listNotificationPage } from '@server/queries/notifications.ts';
import { getPost, isInHomeFeed, postInHomeFeed } from '@server/queries/posts.ts';
import type { AppStreamEvent, NodeChannel } from '@server/realtime/realtime.ts';
import type { Kysely } from 'kysely';

const CHANNEL = 'splikz:app-streams';

/** Mastodon's stream names a connection may follow. */
export type StreamName = 'user' | 'user:notification' | 'public' | 'public:local' | `hashtag:${string}`;

/** A post as the streams send it: its JSON, and which streams besides `user` may carry it. */
interface Rendered {
  payload: string;
  isPublic: boolean;
  tags: Set<StreamName>;
}

/** A stream's name from Mastodon's words (`user`, `public`, `hashtag` with its tag), or null. */
export function streamNameOf(stream: string, tag: string | null): StreamName | null {
  if (stream === 'user' || stream === 'user:notification' || stream === 'public' || stream === 'public:local')
    return stream;
  if (stream === 'public:media' || stream === 'public:local:media') return 'public';
  if (stream === 'hashtag' || stream === 'hashtag:local') {
    const name = tag ? normalizeTag(tag.replace(/^#/, '')) : '';
    return isTag(name) ? `hashtag:${name}` : null;
  }
  return null;
}

/** One open stream (a WebSocket or an event stream) of an app's token. */
export interface AppStream {
  viewerId: string;
  tokenId: string;
  subscriptions: Set<StreamName>;
  /** The newest notification the stream has sent or found at its start. */
  lastNotificationId: string | null;
  send(stream: string[], event: string, payload: string): void;
  close(): void;
}

/**
 * This node's open app streams and what each follows. A new or changed post goes to the streams whose
 * member's home feed it is in (the feed's own query decides, one per member with streams open here);
 * a member's new notifications to their `user` streams; a revoked token's streams close.
 */
export class AppStreamHub {
  readonly #streams = new Set<AppStream>();
  readonly #byViewer = new Map<string, Set<AppStream>>();
  #queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly base: string,
    private readonly nodes: NodeChannel,
    private readonly log: Log,
  ) {
    nodes.subscribe(CHANNEL, (payload) => {
      // At once, before anything queued: the app's next call must find its token gone.
      const event = payload as AppStreamEvent;
      if (event.type === 'revoked') forgetAppTokens(db, event.tokenIds);
      // In order, one after another: a post's delete never overtakes its update.
      this.#queue = this.#queue
        .then(() => this.#deliver(payload as AppStreamEvent))
        .catch((error) => this.log.warn({ err: error }, 'an app stream event was not delivered'));
    });
  }

  /** Tells every node's streams, this one's included. */
  publish(event: AppStreamEvent): void {
    this.nodes.publish(CHANNEL, event);
  }

  get size(): number {
    return this.#streams.size;
  }

  add(stream: AppStream): () => void {
    this.#streams.add(stream);
    const mine = this.#byViewer.get(stream.viewerId) ?? new Set();
    mine.add(stream);
    this.#byViewer.set(stream.viewerId, mine);
    return () => {
      this.#streams.delete(stream);
      mine.delete(stream);
      if (mine.size === 0) this.#byViewer.delete(stream.viewerId);
    };
  }

  /** Resolves when every event published so far has been delivered here (tests and the bench). */
  async idle(): Promise<void> {
    await this.#queue;
  }

  /** The member's sessions ended on every node (each node is told): their streams here end too. */
  closeMember(userId: string): void {
    for (const stream of [...(this.#byViewer.get(userId) ?? [])]) stream.close();
  }

  closeAll(): void {
    for (const stream of [...this.#streams]) stream.close();
  }

  async #deliver(event: AppStreamEvent): Promise<void> {
    if (event.type === 'revoked') {
      const gone = new Set(event.tokenIds);
      for (const stream of [...this.#streams]) if (gone.has(stream.tokenId)) stream.close();
      return;
    }
    if (event.type === 'notifications') {
      await Promise.all(event.userIds.map((userId) => this.#sendNotifications(userId)));
      return;
    }
    if (event.action === 'delete') {
      // Only the id leaves, to every stream that may hold the post: it says nothing of what it was.
      for (const stream of this.#streams) {
        const names = [...stream.subscriptions].filter((name) => name !== 'user:notification');
        if (names.length) stream.send(names, 'delete', event.postId);
      }
      return;
    }
    if (event.action === 'new') {
      // Nobody has liked, saved or voted in a new post yet: it reads the same to every member whose
      // feed it is in, but its author (an anonymous request names them to themselves alone). Whose
      // feed it is in is asked per member (the feed's own rule); it is presented once for the others.
      const shown = new Map<string, Rendered | null>();
      for (const [viewerId, streams] of this.#byViewer) {
        if (!(await isInHomeFeed(this.db, viewerId, event.postId))) continue;
        const as = viewerId === event.authorId ? viewerId : 'others';
        if (!shown.has(as)) {
          const post = await getPost(this.db, viewerId, event.postId);
          shown.set(as, post ? this.#render(post) : null);
        }
        const rendered = shown.get(as);
        if (rendered) this.#sendPost(streams, rendered, 'update');
      }
      return;
    }
    for (const [viewerId, streams] of this.#byViewer) {
      const post = await postInHomeFeed(this.db, viewerId, event.postId);
      if (post) this.#sendPost(streams, this.#render(post), 'status.update');
    }
  }

  #render(post: Post): Rendered {
    const status = presentStatus(this.base, post);
    return {
      payload: JSON.stringify(status),
      isPublic: post.visibility === 'everyone' && post.group === null,
      tags: new Set(status.tags.map((tag) => `hashtag:${tag.name}` as StreamName)),
    };
  }

  #sendPost(
    streams: Set<AppStream>,
    { payload, isPublic, tags }: Rendered,
    kind: 'update' | 'status.update',
  ) {
    for (const stream of streams) {
      const names: string[] = [];
      for (const name of stream.subscriptions) {
        if (name === 'user') names.push(name);
        else if ((name === 'public' || name === 'public:local') && isPublic) names.push(name);
        else if (name.startsWith('hashtag:') && tags.has(name)) names.push(name);
      }
      if (names.length) stream.send(names, kind, payload);
    }
  }

  async #sendNotifications(userId: string) {
    const streams = [...(this.#byViewer.get(userId) ?? [])].filter(
      (stream) => stream.subscriptions.has('user') || stream.subscriptions.has('user:notification'),
    );
    if (streams.length === 0) return;
    const since = streams.reduce<string | null>(
      (oldest, stream) =>
        oldest === null || (stream.lastNotificationId ?? '') < oldest
          ? (stream.lastNotificationId ?? '')
          : oldest,
      null,
    );
    const { rows } = await listNotificationPage(this.db, userId, {
      limit: 20,
      maxId: null,
      sinceId: since || null,
      types: null,
    });
    for (const row of rows.reverse()) {
      const post = row.post_id ? await getPost(this.db, userId, row.post_id) : null;
      const payload = JSON.stringify(presentMastodonNotification(this.base, row, post));
      for (const stream of streams) {
        if (stream.lastNotificationId !== null && row.id <= stream.lastNotificationId) continue;
        stream.lastNotificationId = row.id;
        const names = [...stream.subscriptions].filter(
          (name) => name === 'user' || name === 'user:notification',
        );
        stream.send(names, 'notification', payload);
      }
    }
  }

  /** The member's newest notification now: a stream opened now sends only what comes after. */
  async newestNotificationId(userId: string): Promise<string | null> {
    const { rows } = await listNotificationPage(this.db, userId, {
      limit: 1,
      maxId: null,
      sinceId: null,
      types: null,
    });
    return rows[0]?.id ?? null;
  }
}
