import { Agent } from 'node:https';
import { rootCertificates } from 'node:tls';
import type { PushPayload } from '@common/schemas/push.ts';
import { DEFAULT_PREFERENCES, type PreferenceToggle } from '@common/schemas/settings.ts';
import type { PushConfig } from '@server/config.ts';
import type { DB } from '@server/db/types.ts';
import { savedLanguage, translator } from '@server/i18n/translate.ts';
import { notHiddenFrom } from '@server/policies/blocks.ts';
import { groupMembersWho } from '@server/policies/group.ts';
import type { Kysely } from 'kysely';
import webpush from 'web-push';

/** Something a member may hear of by push, each under its own switch in /settings/notifications. */
export type PushEvent =
  | { kind: 'like' | 'comment' | 'mention'; userId: string; fromUserId: string; postId: string }
  | { kind: 'message'; userId: string; fromUserId: string }
  | { kind: 'post'; authorId: string; postId: string; groupId?: string | null }
  /** A reminder of an event the member is going to; the host is the sender. */
  | {
      kind: 'event';
      userId: string;
      fromUserId: string;
      eventId: string;
      title: string;
      within: '24h' | '1h';
    }
  /** The member's daily prayer reminder: how many requests are on their list (no sender). */
  | { kind: 'prayer'; userId: string; count: number };

const SWITCHES: Record<PushEvent['kind'], PreferenceToggle> = {
  like: 'push_likes',
  comment: 'push_comments',
  mention: 'push_mentions',
  message: 'push_messages',
  post: 'push_new_posts',
  event: 'push_events',
  prayer: 'push_prayer',
};

export interface Logger {
  warn(details: object, message: string): void;
}

/** Whether a subscription's endpoint is a push service we may post to (PushConfig.serviceHosts). */
export function allowedEndpoint(endpoint: string, hosts: string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.host.toLowerCase();
  return hosts.some((h) =>
    h.startsWith('.') ? host.endsWith(h) && host.length > h.length : host === h.toLowerCase(),
  );
}

/**
 * Sends web push after a command commits: finds who should hear (their switch on, a subscription,
 * not hidden from the sender), writes the words in their language, and posts to each of their
 * browsers' push services. A subscription the service says is gone (404, 410) is deleted. Never throws.
 */
export class PushSender {
  /** Trusts PushConfig.ca besides the usual authorities (a self-hosted push service, a test's). */
  private readonly agent: Agent | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly config: PushConfig,
    private readonly log: Logger,
  ) {
    this.agent = config.ca ? new Agent({ ca: [...rootCertificates, config.ca] }) : undefined;
  }

  get publicKey() {
    return this.config.publicKey;
  }

  async deliver(events: PushEvent[]): Promise<void> {
    for (const event of events) {
      try {
        await this.deliverOne(event);
      } catch (error) {
        this.log.warn({ err: error }, 'push delivery failed');
      }
    }
  }

  private async deliverOne(event: PushEvent) {
    // The daily prayer reminder comes from nobody; every other push from a member who is not suspended.
    const fromId = event.kind === 'prayer' ? null : event.kind === 'post' ? event.authorId : event.fromUserId;
    const sender = fromId
      ? await this.db
          .selectFrom('profiles')
          .select(['full_name', 'username'])
          .where('id', '=', fromId)
          .where('suspended_at', 'is', null)
          .executeTakeFirst()
      : { full_name: '', username: '' };
    if (!sender) return;
    const field = SWITCHES[event.kind];
    let recipients = this.db
      .selectFrom('push_subscriptions')
      .leftJoin('user_settings', 'user_settings.user_id', 'push_subscriptions.user_id')
      .select([
        'push_subscriptions.endpoint',
        'push_subscriptions.p256dh',
        'push_subscriptions.auth',
        'push_subscriptions.user_id',
        'user_settings.language',
        `user_settings.${field} as wanted`,
      ]);
    if (fromId) {
      recipients = recipients
        .where('push_subscriptions.user_id', '!=', fromId)
        // Blocks go both ways, so the sender is hidden from a recipient exactly when the recipient is
        // hidden from the sender (who is not suspended, above); a suspended recipient gets nothing.
        .where(notHiddenFrom(fromId, 'push_subscriptions.user_id'));
    }
    // A post in a group goes to the group's members who want its posts ('All posts'), never to the
    // author's followers; any other post to the followers.
    recipients =
      event.kind !== 'post'
        ? recipients.where('push_subscriptions.user_id', '=', event.userId)
        : event.groupId
          ? recipients.where(
              'push_subscriptions.user_id',
              'in',
              groupMembersWho(this.db, event.groupId, { notify: true }),
            )
          : recipients.where('push_subscriptions.user_id', 'in', (eb) =>
              eb.selectFrom('follows').select('follower_id').where('following_id', '=', event.authorId),
            );
    const rows = (await recipients.execute()).filter((r) =>
      r.wanted === null ? DEFAULT_PREFERENCES[field] : Boolean(r.wanted),
    );
    for (const row of rows) {
      const t = translator(savedLanguage(row.language));
      await this.post(
        row,
        this.payload(t, event, sender.full_name || `@${sender.username}`, sender.username),
      );
    }
  }

  private payload(
    t: ReturnType<typeof translator>,
    event: PushEvent,
    name: string,
    username: string,
  ): PushPayload {
    switch (event.kind) {
      case 'like':
        return {
          title: name,
          body: t('liked your post'),
          url: `/post/${event.postId}`,
          tag: `post-${event.postId}`,
        };
      case 'comment':
        return {
          title: name,
          body: t('commented on your post'),
          url: `/post/${event.postId}`,
          tag: `post-${event.postId}`,
        };
      case 'mention':
        return {
          title: name,
          body: t('mentioned you'),
          url: `/post/${event.postId}`,
          tag: `post-${event.postId}`,
        };
      case 'message':
        return {
          title: name,
          body: t('sent you a message'),
          url: `/messages?to=${encodeURIComponent(username)}`,
          tag: `chat-${username}`,
        };
      case 'post':
        return {
          title: name,
          body: t('shared a new post'),
          url: `/post/${event.postId}`,
          tag: `post-${event.postId}`,
        };
      case 'event':
        return {
          title: event.title,
          body: event.within === '24h' ? t('Starts in 24 hours') : t('Starts in 1 hour'),
          url: `/events/${event.eventId}`,
          tag: `event-${event.eventId}`,
        };
      case 'prayer':
        return {
          title: t('Time to pray'),
          body: t('Requests on your prayer list: {{count}}', { count: event.count }),
          url: '/prayer/list',
          tag: 'prayer-reminder',
        };
    }
  }

  private async post(row: { endpoint: string; p256dh: string; auth: string }, payload: PushPayload) {
    if (!allowedEndpoint(row.endpoint, this.config.serviceHosts)) return;
    try {
      await webpush.sendNotification(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(payload),
        {
          TTL: 24 * 3600,
          urgency: 'normal',
          topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
          vapidDetails: {
            subject: this.config.subject,
            publicKey: this.config.publicKey,
            privateKey: this.config.privateKey,
          },
          timeout: 10_000,
          ...(this.agent ? { agent: this.agent } : {}),
        },
      );
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        await this.db.deleteFrom('push_subscriptions').where('endpoint', '=', row.endpoint).execute();
      } else {
        this.log.warn({ err: error, status }, 'a push service refused a message');
      }
    }
  }
}
