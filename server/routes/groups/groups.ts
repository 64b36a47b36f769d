import {
  createGroupSchema,
  type Group,
  type GroupList,
  type GroupMembers,
  type GroupPostsPage,
  type GroupStandingAnswer,
  groupListQuerySchema,
  groupPostsQuerySchema,
  inviteSchema,
  memberRoleSchema,
  notifySchema,
  pinSchema,
  transferOwnerSchema,
  updateGroupSchema,
} from '@common/schemas/groups.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import {
  approveRequest,
  banMember,
  declineRequest,
  inviteMember,
  joinGroup,
  leaveGroup,
  removeMember,
  setNotify,
  setRole,
  transferOwnership,
  unbanMember,
} from '@server/commands/groupMembers.ts';
import { createGroup, deleteOwnGroup, pinPost, updateGroup } from '@server/commands/groups.ts';
import { runCommand } from '@server/commands/run.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { groupSlugParam, memberIdParam, postIdParam } from '@server/http/params.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { groupMembersFor, groupPageFor, groupPostsFor, listGroups } from '@server/queries/groups.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

type SlugParams = { Params: { slug: string } };
type MemberParams = { Params: { slug: string; userId: string } };

/** Groups (issue 25): lists, the group page, membership, the admins' tools. Policy: policies/group.ts. */
export function groupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const limit = memberLimit(app, 'group');

  const groupFor = (viewer: Viewer, slug: string): Promise<Group> => groupPageFor(db, viewer.userId, slug);
  const membersFor = (viewer: Viewer, slug: string): Promise<GroupMembers> =>
    groupMembersFor(db, viewer.userId, slug);
  /** A signed-in member acting on a group: counted against the group limit. */
  const acting = async (request: FastifyRequest<{ Params: { slug: string } }>) => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    return { viewer, slug: groupSlugParam(request.params.slug) };
  };

  app.get('/api/groups', async (request, reply): Promise<GroupList> => {
    const viewer = await requireViewer(ctx, request);
    const query = parseInput(groupListQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return listGroups(db, viewer.userId, query);
  });

  app.post('/api/groups', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    const input = parseInput(createGroupSchema, request.body);
    const slug = await runCommand(ctx, (trx) => createGroup(trx, viewer, input, ctx.media));
    return reply.status(201).send(await groupFor(viewer, slug));
  });

  app.get<SlugParams>('/api/groups/:slug', async (request, reply): Promise<Group> => {
    const viewer = await requireViewer(ctx, request);
    reply.header('cache-control', 'no-store');
    return groupFor(viewer, groupSlugParam(request.params.slug));
  });

  app.patch<SlugParams>('/api/groups/:slug', async (request): Promise<Group> => {
    const { viewer, slug } = await acting(request);
    const input = parseInput(updateGroupSchema, request.body);
    const next = await runCommand(ctx, (trx) => updateGroup(trx, viewer, slug, input));
    return groupFor(viewer, next);
  });

  app.delete<SlugParams>('/api/groups/:slug', async (request, reply) => {
    const { viewer, slug } = await acting(request);
    await runCommand(ctx, (trx, after) => deleteOwnGroup(trx, after, viewer, slug));
    return reply.status(204).send();
  });

  app.get<SlugParams>('/api/groups/:slug/posts', async (request, reply): Promise<GroupPostsPage> => {
    const viewer = await requireViewer(ctx, request);
    const slug = groupSlugParam(request.params.slug);
    const query = parseInput(groupPostsQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    const page = await groupPostsFor(db, viewer.userId, slug, query);
    // A first page cut from the kept posts is already the JSON listGroupPosts's page would be written as.
    if (typeof page === 'string') return reply.type('application/json; charset=utf-8').send(page);
    return page;
  });

  app.post<SlugParams>('/api/groups/:slug/join', async (request): Promise<GroupStandingAnswer> => {
    const { viewer, slug } = await acting(request);
    return { standing: await runCommand(ctx, (trx, after) => joinGroup(trx, after, viewer, slug)) };
  });

  app.delete<SlugParams>('/api/groups/:slug/membership', async (request): Promise<GroupStandingAnswer> => {
    const { viewer, slug } = await acting(request);
    return { standing: await runCommand(ctx, (trx, after) => leaveGroup(trx, after, viewer, slug)) };
  });

  app.put<SlugParams>('/api/groups/:slug/notify', async (request): Promise<Group> => {
    const { viewer, slug } = await acting(request);
    const { notify } = parseInput(notifySchema, request.body);
    await runCommand(ctx, (trx) => setNotify(trx, viewer, slug, notify));
    return groupFor(viewer, slug);
  });

  app.get<SlugParams>('/api/groups/:slug/members', async (request, reply): Promise<GroupMembers> => {
    const viewer = await requireViewer(ctx, request);
    reply.header('cache-control', 'no-store');
    return membersFor(viewer, groupSlugParam(request.params.slug));
  });

  const memberAction = (
    method: 'post' | 'put' | 'delete',
    path: string,
    action: (
      trx: Parameters<Parameters<typeof runCommand>[1]>[0],
      after: Parameters<Parameters<typeof runCommand>[1]>[1],
      viewer: Viewer,
      slug: string,
      userId: string,
      body: unknown,
    ) => Promise<unknown>,
  ) =>
    app[method]<MemberParams>(path, async (request): Promise<GroupMembers> => {
      const { viewer, slug } = await acting(request);
      const userId = memberIdParam(request.params.userId);
      await runCommand(ctx, (trx, after) => action(trx, after, viewer, slug, userId, request.body));
      return membersFor(viewer, slug);
    });

  memberAction('post', '/api/groups/:slug/requests/:userId', (trx, after, viewer, slug, userId) =>
    approveRequest(trx, after, viewer, slug, userId),
  );
  memberAction('delete', '/api/groups/:slug/requests/:userId', (trx, after, viewer, slug, userId) =>
    declineRequest(trx, after, viewer, slug, userId),
  );
  memberAction('put', '/api/groups/:slug/members/:userId', (trx, after, viewer, slug, userId, body) =>
    setRole(trx, after, viewer, slug, userId, parseInput(memberRoleSchema, body).role),
  );
  memberAction('delete', '/api/groups/:slug/members/:userId', (trx, after, viewer, slug, userId) =>
    removeMember(trx, after, viewer, slug, userId),
  );
  memberAction('put', '/api/groups/:slug/bans/:userId', (trx, after, viewer, slug, userId) =>
    banMember(trx, after, viewer, slug, userId),
  );
  memberAction('delete', '/api/groups/:slug/bans/:userId', (trx, _after, viewer, slug, userId) =>
    unbanMember(trx, viewer, slug, userId),
  );

  app.post<SlugParams>('/api/groups/:slug/invitations', async (request): Promise<GroupMembers> => {
    const { viewer, slug } = await acting(request);
    const { username } = parseInput(inviteSchema, request.body);
    await runCommand(ctx, (trx, after) => inviteMember(trx, after, viewer, slug, username));
    return membersFor(viewer, slug);
  });

  app.post<SlugParams>('/api/groups/:slug/owner', async (request): Promise<Group> => {
    const { viewer, slug } = await acting(request);
    const { user_id } = parseInput(transferOwnerSchema, request.body);
    await runCommand(ctx, (trx) => transferOwnership(trx, viewer, slug, memberIdParam(user_id)));
    return groupFor(viewer, slug);
  });

  app.put<SlugParams>('/api/groups/:slug/pin', async (request): Promise<Group> => {
    const { viewer, slug } = await acting(request);
    const { post_id } = parseInput(pinSchema, request.body);
    await runCommand(ctx, (trx) => pinPost(trx, viewer, slug, postIdParam(post_id)));
    return groupFor(viewer, slug);
  });

  app.delete<SlugParams>('/api/groups/:slug/pin', async (request): Promise<Group> => {
    const { viewer, slug } = await acting(request);
    await runCommand(ctx, (trx) => pinPost(trx, viewer, slug, null));
    return groupFor(viewer, slug);
  });
}
