import { showInput } from './fixtures.ts';
import { admins, type HttpRow, members } from './table.ts';

// The admin console and moderation: 401 without a session, 403 for every member without the admin
// role (the owner and other included: owning content gives no say over anyone else's). Reporting is
// for members, about what they can see that is not their own.

const SUSPENSION =
  'issue 14: reports, the moderation queue and suspension (server/routes/admin/adminReports.ts)';

/** A fresh member for an admin action on a member, so no viewer's account is touched. */
const freshMember = async (f: Parameters<NonNullable<HttpRow['prepare']>>[0]) => ({
  member: await f.fresh.member(),
});

export const adminRows: HttpRow[] = [
  ...['access', 'members', 'messages', 'audit', 'shows'].map(
    (what): HttpRow => ({
      route: `GET /api/admin/${what}`,
      path: () => `/api/admin/${what}`,
      expect: admins(200),
    }),
  ),
  {
    route: 'DELETE /api/admin/members/:id',
    variant: 'a fresh member',
    prepare: freshMember,
    path: ({ fresh }) => `/api/admin/members/${fresh.member}`,
    expect: admins(200),
  },
  {
    route: 'PUT /api/admin/members/:id/admin-role',
    variant: 'a fresh member',
    prepare: freshMember,
    path: ({ fresh }) => `/api/admin/members/${fresh.member}/admin-role`,
    expect: admins(200),
  },
  {
    route: 'DELETE /api/admin/members/:id/admin-role',
    variant: 'a fresh admin',
    prepare: async (f) => {
      const member = await f.fresh.member();
      await f.db.insertInto('user_roles').values({ user_id: member, role: 'admin' }).execute();
      return { member };
    },
    path: ({ fresh }) => `/api/admin/members/${fresh.member}/admin-role`,
    expect: admins(200),
  },
  { route: 'POST /api/admin/shows', path: () => '/api/admin/shows', body: showInput, expect: admins(201) },
  { route: 'GET /api/admin/announcements', path: () => '/api/admin/announcements', expect: admins(200) },
  {
    route: 'POST /api/admin/announcements',
    path: () => '/api/admin/announcements',
    body: () => ({ subject: 'Matrix update', body: 'Only admins send these.' }),
    expect: admins(201),
  },
  {
    route: 'PUT /api/admin/shows/:id',
    path: ({ f }) => `/api/admin/shows/${f.show}`,
    body: () => ({ ...showInput(), title: 'Later Laughs' }),
    expect: admins(200),
  },
  {
    route: 'DELETE /api/admin/shows/:id',
    variant: 'a fresh show',
    prepare: async (f) => ({ show: await f.fresh.show() }),
    path: ({ fresh }) => `/api/admin/shows/${fresh.show}`,
    expect: admins(200),
  },
  {
    route: 'POST /api/reports',
    variant: "the owner's post",
    pending: SUSPENSION,
    path: () => '/api/reports',
    body: ({ f }) => ({ target_type: 'post', target_id: f.post, reason: 'spam' }),
    // One's own post cannot be reported; one hidden from the viewer is not there to report.
    expect: members(201, { owner: 400, blocked: 404 }),
  },
  {
    route: 'GET /api/admin/reports',
    pending: SUSPENSION,
    path: () => '/api/admin/reports',
    expect: admins(200),
  },
  ...(['dismiss', 'remove', 'suspend'] as const).map(
    (action): HttpRow => ({
      route: `POST /api/admin/reports/:id/${action}`,
      variant: 'a fresh report',
      pending: SUSPENSION,
      prepare: async (f) => ({ report: await f.fresh.report() }),
      path: ({ fresh }) => `/api/admin/reports/${fresh.report}/${action}`,
      expect: admins(200),
    }),
  ),
  {
    route: 'POST /api/admin/members/:id/suspend',
    variant: 'a fresh member',
    pending: SUSPENSION,
    prepare: freshMember,
    path: ({ fresh }) => `/api/admin/members/${fresh.member}/suspend`,
    body: () => ({}),
    expect: admins(200),
  },
  {
    route: 'POST /api/admin/members/:id/restore',
    variant: 'a fresh suspended member',
    pending: SUSPENSION,
    prepare: async (f) => ({ member: await f.fresh.suspendedMember() }),
    path: ({ fresh }) => `/api/admin/members/${fresh.member}/restore`,
    body: () => ({}),
    expect: admins(200),
  },
];
