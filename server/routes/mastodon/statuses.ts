import { createStatusSchema, editStatusSchema, pollVotesSchema } from '@common/schemas/mastodon.ts';
import { createCommentSchema, createPostSchema, type Post, updatePostSchema } from '@common/schemas/posts.ts';
import { isTag, normalizeTag } from '@common/text/postText.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import { votePoll } from '@server/commands/polls.ts';
import {
  addComment,
  createPostOnce,
  deleteComment,
  deletePost,
  setBookmark,
  sharePost,
  updatePostContent,
} from '@server/commands/posts.ts';
import { likePost, unlikePost } from '@server/commands/postToggles.ts';
import { runCommand } from '@server/commands/run.ts';
import type { AppContext } from '@server/context.ts';
import { HttpError, notFound } from '@server/http/errors.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { requireAppMember } from '@server/oauth/appTokens.ts';
import {
  type MastodonStatus,
  presentCommentStatus,
  presentStatus,
} from '@server/presenters/mastodon/status.ts';
import { listBookmarks, listLikedPosts } from '@server/queries/bookmarks.ts';
import { findAccount, uploadDescription } from '@server/queries/mastodon.ts';
import { newestPage } from '@server/queries/newestPage.ts';
import { getComment, getPost, listComments, listFeed } from '@server/queries/posts.ts';
import { tagPosts } from '@server/queries/tags.ts';
import type { FastifyInstance } from 'fastify';
import { cursorLink, cursorQuery, pageLink, pageQuery, statusPage } from './paging.ts';

type IdParams = { Params: { id: string } };
const ID = /^[0-9a-zA-Z-]{1,64}$/;

/** Mastodon's timelines and statuses (issue 53): posts are statuses, comments are replies to them. */
export function mastodonStatusRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const base = ctx.config.publicUrl;
  const limits = {
    post: memberLimit(app, 'post'),
    comment: memberLimit(app, 'comment'),
    like: memberLimit(app, 'like'),
    share: memberLimit(app, 'share'),
    own: memberLimit(app, 'ownLists'),
  };

  /** A post or a comment the viewer may see, as a status; a 404 for anything else. */
  async function findStatus(
    viewer: Viewer,
    id: string,
  ): Promise<{ status: MastodonStatus; post: Post; commentId: string | null }> {
    if (!ID.test(id)) throw notFound('post_not_found');
    const post = await getPost(db, viewer.userId, id);
    if (post) return { status: presentStatus(base, post), post, commentId: null };
    const comment = await getComment(db, id);
    const parent = comment ? await getPost(db, viewer.userId, comment.post_id) : null;
    if (!comment || !parent) throw notFound('post_not_found');
    // The comment as its post's list shows it to this viewer (blocked authors are left out).
    const shown = (await listComments(db, viewer.userId, parent.id)).find((c) => c.id === comment.id);
    if (!shown) throw notFound('post_not_found');
    return { status: presentCommentStatus(base, shown, parent), post: parent, commentId: comment.id };
  }

  /** A post's id behind a status id: a comment's actions (like, share) are its post's in Splikz. */
  async function postOf(viewer: Viewer, id: string): Promise<string> {
    const found = await findStatus(viewer, id);
    if (found.commentId) throw HttpError.of(422, 'status_comment_action');
    return found.post.id;
  }

  for (const [path, options] of [
    ['home', {}],
    ['public', { audience: 'everyone' as const }],
  ] as const) {
    app.get(`/api/v1/timelines/${path}`, async (request, reply) => {
      const { viewer } = await requireAppMember(db, request, 'read:statuses');
      const query = pageQuery(request.query);
      const page = await statusPage(db, query, async (before, limit) => {
        // The home timeline's first page is the web feed's kept one (queries/newestPage.ts), when it can be.
        if (path === 'home' && !before) {
          const kept = await newestPage(db, viewer.userId, undefined, limit);
          if (kept !== null) return JSON.parse(kept) as { posts: Post[]; next_cursor: string | null };
        }
        return listFeed(db, viewer.userId, { ...options, before, limit });
      });
      pageLink(reply, base, request.url, page);
      return page.posts.map((post) => presentStatus(base, post));
    });
  }

  // Pages after the first follow the Link header, whose max_id here is the web app's own cursor.
  app.get('/api/v1/bookmarks', async (request, reply) => {
    const { viewer } = await requireAppMember(db, request, 'read:bookmarks');
    const { limit, before } = cursorQuery(request.query);
    const page = await listBookmarks(db, viewer.userId, { before, limit });
    cursorLink(reply, base, request.url, page.next_cursor);
    return page.posts.map((post) => presentStatus(base, post));
  });

  app.get('/api/v1/favourites', async (request, reply) => {
    const { viewer } = await requireAppMember(db, request, 'read:favourites');
    const { limit, before } = cursorQuery(request.query);
    const page = await listLikedPosts(db, viewer.userId, { before, limit });
    cursorLink(reply, base, request.url, page.next_cursor);
    return page.posts.map((post) => presentStatus(base, post));
  });

  app.get<{ Params: { tag: string } }>('/api/v1/timelines/tag/:tag', async (request, reply) => {
    const { viewer } = await requireAppMember(db, request, 'read:statuses');
    const { limit, before } = cursorQuery(request.query);
    const tag = normalizeTag(request.params.tag.replace(/^#/, ''));
    if (!isTag(tag)) return [];
    const page = await tagPosts(db, viewer.userId, tag, { before, limit });
    cursorLink(reply, base, request.url, page.next_cursor);
    return page.posts.map((post) => presentStatus(base, post));
  });

  app.get<IdParams>('/api/v1/statuses/:id', async (request) => {
    const { viewer } = await requireAppMember(db, request, 'read:statuses');
    return (await findStatus(viewer, request.params.id)).status;
  });

  app.get<IdParams>('/api/v1/statuses/:id/context', async (request) => {
    const { viewer } = await requireAppMember(db, request, 'read:statuses');
    const found = await findStatus(viewer, request.params.id);
    if (found.commentId) return { ancestors: [presentStatus(base, found.post)], descendants: [] };
    const comments = await listComments(db, viewer.userId, found.post.id);
    return {
      ancestors: [],
      descendants: comments.map((comment) => presentCommentStatus(base, comment, found.post)),
    };
  });

  app.post('/api/v1/statuses', async (request) => {
    const { viewer } = await requireAppMember(db, request, 'write:statuses');
    const input = parseInput(createStatusSchema, request.body);
    if (input.visibility === 'direct') throw HttpError.of(422, 'status_visibility_direct');
    if (input.scheduled_at) throw HttpError.of(422, 'status_scheduled');
    const mediaIds = [input.media_ids ?? []].flat().filter(Boolean);
    if (mediaIds.length > 1) throw HttpError.of(422, 'status_too_many_media');
    if (input.in_reply_to_id) {
      await limits.comment(request, viewer.userId);
      const { content } = parseInput(createCommentSchema, { content: input.status ?? '' });
      const postId = (await findStatus(viewer, input.in_reply_to_id)).post.id;
      const id = await runCommand(ctx, (trx, after) => addComment(trx, after, viewer, postId, content));
      return (await findStatus(viewer, id)).status;
    }
    await limits.post(request, viewer.userId);
    const warning = input.spoiler_text?.trim() || (input.sensitive && mediaIds.length ? 'Sensitive' : '');
    // The photo's description, sent with the upload, is the post's alt text (Splikz has none for videos).
    const upload = mediaIds[0] ? await uploadDescription(db, viewer.userId, mediaIds[0]) : null;
    const post = parseInput(createPostSchema, {
      content: input.status ?? '',
      ...(mediaIds[0] ? { media_id: mediaIds[0] } : {}),
      ...(warning ? { content_warning: warning } : {}),
      ...(upload?.kind === 'photo' && upload.description ? { alt_text: upload.description } : {}),
      visibility: input.visibility === 'private' ? 'friends' : 'everyone',
      ...(input.poll
        ? {
            poll: {
              options: [input.poll.options].flat(),
              expires_in: Number(input.poll.expires_in ?? 86_400),
              multiple: Boolean(input.poll.multiple),
            },
          }
        : {}),
    });
    const key = request.headers['idempotency-key'];
    if (key !== undefined && (typeof key !== 'string' || key.length > 200 || key.includes('\u0000')))
      throw HttpError.of(400, 'idempotency_key_invalid');
    const id = await runCommand(ctx, (trx, after) =>
      createPostOnce(trx, after, viewer, post, ctx.media, key || null),
    );
    return (await findStatus(viewer, id)).status;
  });

  app.put<IdParams>('/api/v1/statuses/:id', async (request) => {
    const { viewer } = await requireAppMember(db, request, 'write:statuses');
    const id = await postOf(viewer, request.params.id);
    const input = parseInput(editStatusSchema, request.body);
    const edit = parseInput(updatePostSchema, {
      content: input.status ?? '',
      ...(input.spoiler_text !== undefined ? { content_warning: input.spoiler_text ?? '' } : {}),
    });
    await runCommand(ctx, (trx, after) => updatePostContent(trx, after, viewer, id, edit));
    return (await findStatus(viewer, id)).status;
  });

  app.delete<IdParams>('/api/v1/statuses/:id', async (request) => {
    const { viewer } = await requireAppMember(db, request, 'write:statuses');
    const found = await findStatus(viewer, request.params.id);
    if (found.commentId) {
      const commentId = found.commentId;
      await runCommand(ctx, (trx) => deleteComment(trx, viewer, commentId));
    } else {
      await runCommand(ctx, (trx, after) => deletePost(trx, after, viewer, found.post.id));
    }
    return found.status;
  });

  for (const [path, on] of [
    ['favourite', true],
    ['unfavourite', false],
  ] as const) {
    app.post<IdParams>(`/api/v1/statuses/:id/${path}`, async (request) => {
      const { viewer } = await requireAppMember(db, request, 'write:favourites');
      await limits.like(request, viewer.userId);
      const id = await postOf(viewer, request.params.id);
      await runCommand(ctx, (trx, after) => (on ? likePost : unlikePost)(trx, after, viewer, id));
      return (await findStatus(viewer, id)).status;
    });
  }

  for (const [path, on] of [
    ['bookmark', true],
    ['unbookmark', false],
  ] as const) {
    app.post<IdParams>(`/api/v1/statuses/:id/${path}`, async (request) => {
      const { viewer } = await requireAppMember(db, request, 'write:bookmarks');
      await limits.own(request, viewer.userId);
      const id = await postOf(viewer, request.params.id);
      await runCommand(ctx, (trx) => setBookmark(trx, viewer, id, on));
      return (await findStatus(viewer, id)).status;
    });
  }

  // A post's poll, by the post's id (Mastodon's poll id here): read it, or vote in it (once).
  app.get<IdParams>('/api/v1/polls/:id', async (request) => {
    const { viewer } = await requireAppMember(db, request, 'read:statuses');
    const { status, commentId } = await findStatus(viewer, request.params.id);
    if (commentId || !status.poll) throw notFound('poll_not_found');
    return status.poll;
  });

  app.post<IdParams>('/api/v1/polls/:id/votes', async (request) => {
    const { viewer } = await requireAppMember(db, request, 'write:statuses');
    await limits.like(request, viewer.userId);
    const id = await postOf(viewer, request.params.id);
    const { choices } = parseInput(pollVotesSchema, request.body);
    await runCommand(ctx, (trx) => votePoll(trx, viewer, id, choices));
    const { status } = await findStatus(viewer, id);
    if (!status.poll) throw notFound('poll_not_found');
    return status.poll;
  });

  // A share is counted, not kept per member: there is no share of the member's to take back.
  app.post<IdParams>('/api/v1/statuses/:id/unreblog', async (request) => {
    const { viewer } = await requireAppMember(db, request, 'write:statuses');
    await postOf(viewer, request.params.id);
    throw HttpError.of(422, 'status_unreblog');
  });

  // A share in Splikz is counted, not kept per member: the answer is Mastodon's reblog of the post.
  app.post<IdParams>('/api/v1/statuses/:id/reblog', async (request) => {
    const { viewer } = await requireAppMember(db, request, 'write:statuses');
    await limits.share(request, viewer.userId);
    const id = await postOf(viewer, request.params.id);
    await runCommand(ctx, (trx) => sharePost(trx, viewer, id));
    const original = { ...(await findStatus(viewer, id)).status, reblogged: true };
    const booster = await findAccount(db, base, viewer, { id: viewer.userId });
    return { ...original, account: booster ?? original.account, reblog: original };
  });
}
