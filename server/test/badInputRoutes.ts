import { showInputSchema } from '@common/schemas/admin.ts';
import { announcementInputSchema } from '@common/schemas/announcements.ts';
import * as auth from '@common/schemas/auth.ts';
import * as circles from '@common/schemas/circles.ts';
import { contactMessageSchema } from '@common/schemas/contact.ts';
import * as events from '@common/schemas/events.ts';
import { text } from '@common/schemas/fields.ts';
import * as groups from '@common/schemas/groups.ts';
import { createStatusSchema, editStatusSchema, pollVotesSchema } from '@common/schemas/mastodon.ts';
import { sendMessageSchema } from '@common/schemas/messages.ts';
import { authorizationDecisionSchema, registerAppSchema } from '@common/schemas/oauth.ts';
import { pollVoteSchema } from '@common/schemas/polls.ts';
import { ALT_TEXT_MAX_LENGTH } from '@common/schemas/postLimits.ts';
import * as posts from '@common/schemas/posts.ts';
import * as prayer from '@common/schemas/prayer.ts';
import * as profiles from '@common/schemas/profiles.ts';
import { pushEndpointSchema, pushSubscriptionSchema } from '@common/schemas/push.ts';
import * as recipes from '@common/schemas/recipes.ts';
import { createReportSchema, REPORT_REASONS } from '@common/schemas/reports.ts';
import * as settings from '@common/schemas/settings.ts';
import { wallPostInputSchema } from '@common/schemas/wall.ts';
import { MEMBER_LIMITS } from '@server/http/rateLimit.ts';
import { type Target, validBodies } from '@server/test/badInput.ts';
import {
  type Actor,
  CLIENT_ID_OF_A,
  type Fixture,
  type Fixtures,
  REDIRECT_URI,
  showBodies,
} from '@server/test/badInputFixtures.ts';
import { type dialects, startTestServer, type TestServer } from '@server/test/harness.ts';
import { TestAuthenticator } from '@server/test/webauthn.ts';
import fc from 'fast-check';
import { z } from 'zod/mini';

export { type Actor, type Fixture, type Fixtures, makeFixtures } from '@server/test/badInputFixtures.ts';

// The mutating routes of the app and how to reach each one with generated bad input: the shared zod
// schema of its body, whose fixture fills its path, who sends it. generatedInput.test.ts fails when a
// registered mutating route has no entry here, or an entry no route.

export interface RouteSpec {
  /** The shared schema of the body; none for a route that reads no body. */
  schema?: Target['schema'];
  valid?: fc.Arbitrary<Record<string, unknown>>;
  params?: Record<string, Fixture>;
  /** Further ids its params must never take, beyond ids of other kinds (another member's post). */
  refuse?: Fixture[];
  /** Ids of another kind its params take as well (a Mastodon status is a post or a comment). */
  also?: Fixture[];
  actor?: Actor;
  multipart?: true;
  /** Tables a refused request may write: a failed sign-in is counted (sign_in_failures). */
  mayChange?: string[];
}

const email = fc
  .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: 1, maxLength: 12 })
  .map((name) => `${name}@example.com`);
const sitePath = fc.constantFrom('/auth/callback', '/', '/settings');
/** A route that takes a body of `schema`; `overrides` give valid values its generator cannot guess. */
const withBody = (
  schema: NonNullable<Target['schema']>,
  overrides: Record<string, fc.Arbitrary<unknown>> = {},
  rest: RouteSpec = {},
): RouteSpec => ({ schema, valid: validBodies(schema, overrides), ...rest });
const visitor: RouteSpec = { actor: 'visitor' };
const admin = { actor: 'admin' as const };
const hiddenAuth = { params: { '*': 'hiddenAuthEndpoint' as const } };
const show: RouteSpec = { schema: showInputSchema, valid: showBodies };
const circleHost = { params: { id: 'circle' as const }, refuse: ['circleOfB' as const] };
/** The event form's fields that its generator cannot guess: times to come, a real zone, no upload. */
const eventForm = {
  starts_local: fc.constant('2027-05-02T10:00'),
  ends_local: fc.constant('2027-05-02T12:00'),
  time_zone: fc.constantFrom('UTC', 'America/Chicago', 'Asia/Tokyo'),
  repeat: fc.constant('none'),
  repeat_until: fc.constant(undefined),
  place: fc.constant('circle'),
  online_url: fc.constant(undefined),
  capacity: fc.constantFrom(undefined, null, 1, 40),
  ticket_url: fc.constantFrom(undefined, '', 'https://example.org/tickets'),
  cover_media_id: fc.constant(undefined),
};
/** A's own event; B's event is never theirs to change. */
const eventHost = { params: { id: 'event' as const }, refuse: ['eventOfB' as const] };
/** A's own prayer request; B's is never theirs to update, answer or renew. */
const prayerAuthor = { params: { id: 'prayer' as const }, refuse: ['prayerOfB' as const] };
/** A's own food post's recipe; B's is never theirs to change. */
const recipeAuthor = { params: { id: 'recipe' as const }, refuse: ['recipeOfB' as const] };
/** The recipe form's fields that its generator cannot guess: amounts, rows and steps. */
const recipeForm = {
  prep_minutes: fc.constantFrom(undefined, null, 0, 45),
  cook_minutes: fc.constantFrom(undefined, null, 30),
  diet_tags: fc.constantFrom(undefined, [], ['vegan', 'halal']),
  ingredients: fc.constantFrom(
    [{ item: 'flour' }],
    [{ quantity: '1 1/2', unit: 'cup', item: 'flour', note: 'sifted', section: 'Dough' }],
  ),
  steps: fc.constantFrom(undefined, [], [{ text: 'Mix.', timer_minutes: 5 }]),
  source_url: fc.constantFrom(undefined, null, 'https://example.org/recipe'),
};
/** A's own shopping item; B's is never theirs to tick or remove. */
const shoppingOwner = { params: { id: 'shoppingItem' as const }, refuse: ['shoppingItemOfB' as const] };
/** A's own group (A owns it); B's group is never theirs to change. */
const groupAdmin = { params: { slug: 'group' as const }, refuse: ['groupOfB' as const] };

/**
 * The Mastodon client API's routes (issue 53) are sent with A's app token (badInputFixtures.ts), not
 * the cookie, read forms as well as JSON and answer errors as Mastodon does ({ error: "…" }). A
 * status id names a post or a comment (a reply); B's are never A's to edit or delete.
 */
const status = { params: { id: 'post' as const } };
const ownStatus = {
  params: { id: 'post' as const },
  also: ['comment' as const],
  refuse: ['postOfB' as const],
};
const account = { params: { id: 'user' as const } };
/**
 * PUT /api/v1/media/:id's body, as server/routes/media/mastodonMedia.ts reads it (the schema is the
 * route's own, not shared): the description is the photo's alt text.
 */
const mediaDescriptionSchema = z.object({
  description: z.optional(
    z.nullable(text({ label: 'The description', max: ALT_TEXT_MAX_LENGTH, multiline: true })),
  ),
  focus: z.optional(z.unknown()),
});
/**
 * PATCH /api/v1/accounts/update_credentials's body, as server/routes/mastodon/accounts.ts reads it
 * (the schema is the route's own): display_name is the web app's full name, note its bio (an empty
 * one clears it); Mastodon's other fields (locked, fields_attributes, …) are let be. Both are
 * checked before either is saved.
 */
const updateCredentialsSchema = z.object({
  display_name: settings.updateAccountSchema.shape.full_name,
  note: z.optional(settings.updateBioSchema.shape.bio),
});
/** What an app's authorize screen asks: A's app (a real client) or none registered. */
const authorizationRequest = fc.record(
  {
    response_type: fc.constant('code'),
    client_id: fc.constantFrom(CLIENT_ID_OF_A, 'unregistered-client'),
    redirect_uri: fc.constantFrom(REDIRECT_URI, 'https://elsewhere.example/cb'),
    scope: fc.constantFrom('read', 'read write follow push', 'admin:read'),
    state: fc.constantFrom('xyz', '\u00e9t\u00e9'),
  },
  { requiredKeys: ['client_id'] },
);

/** Every mutating route (method and path as Fastify registered it) and what it takes. */
export const ROUTES: Record<string, RouteSpec> = {
  'POST /api/auth/sign-up/email': withBody(auth.signUpSchema, { email, callbackURL: sitePath }, visitor),
  'POST /api/auth/sign-in/email': withBody(
    auth.signInSchema,
    { email, callbackURL: sitePath },
    {
      ...visitor,
      mayChange: ['sign_in_failures'],
    },
  ),
  'POST /api/auth/sign-out': {},
  'POST /api/auth/send-verification-email': withBody(
    auth.resendConfirmationSchema,
    { email, callbackURL: sitePath },
    visitor,
  ),
  'POST /api/auth/request-password-reset': withBody(
    auth.forgotPasswordSchema,
    { email, redirectTo: sitePath },
    visitor,
  ),
  'POST /api/auth/reset-password': withBody(auth.resetPasswordSchema, {}, visitor),
  // A generated current password is never A's: each answer is invalid_password (or 429), nothing changes.
  'POST /api/auth/change-password': withBody(auth.changePasswordSchema, {}),
  // Another member's session is not found; A's own other device is ended only by a bodiless request.
  'DELETE /api/auth/sessions/:id': { params: { id: 'session' }, refuse: ['sessionOfB'] },
  'POST /api/auth/sessions/sign-out-others': {},
  // A has no second factor: every code is refused (400), a generated password is never A's.
  'POST /api/auth/two-factor/enable': withBody(auth.enableTwoFactorSchema, {}),
  'POST /api/auth/two-factor/verify-totp': withBody(auth.twoFactorCodeSchema, {
    code: fc.stringMatching(/^\d{6}$/),
  }),
  'POST /api/auth/two-factor/verify-backup-code': withBody(auth.recoveryCodeSchema, {}),
  'POST /api/auth/two-factor/disable': withBody(auth.disableTwoFactorSchema, {
    code: fc.stringMatching(/^\d{6}$/),
  }),
  // Passkeys: a generated password is never A's, a generated answer never fits a challenge (400 or
  // 429); B's passkey is not found. Asking for a sign-in challenge stores it (verification).
  'POST /api/auth/passkeys/options': withBody(auth.passkeyOptionsSchema, {}),
  'POST /api/auth/passkeys': withBody(auth.addPasskeySchema, {
    response: fc.constant(new TestAuthenticator('http://127.0.0.1').create({ challenge: 'AAAA' })),
  }),
  'DELETE /api/auth/passkeys/:id': { params: { id: 'passkey' }, refuse: ['passkeyOfB'] },
  'POST /api/auth/passkey/sign-in-options': { ...visitor, mayChange: ['verification'] },
  'POST /api/auth/passkey/sign-in': withBody(
    auth.passkeySignInSchema,
    { response: fc.constant(new TestAuthenticator('http://127.0.0.1').get({ challenge: 'AAAA' })) },
    visitor,
  ),
  'POST /api/auth/*': hiddenAuth,
  'PUT /api/auth/*': hiddenAuth,
  'PATCH /api/auth/*': hiddenAuth,
  'DELETE /api/auth/*': hiddenAuth,
  // The link is the credential: without a valid one (generated junk never is), nothing changes.
  'POST /unsubscribe': visitor,
  'POST /api/contact': withBody(contactMessageSchema, { email }),
  'POST /api/media': { multipart: true },
  'POST /api/posts': withBody(posts.createPostSchema, {
    recipe_data: fc.constantFrom(undefined, { title: 'Soup', servings: 2, ingredients: [{ item: 'water' }] }),
    poll: fc.constantFrom(undefined, { options: ['Friday', 'Saturday'], expires_in: 3600 }),
  }),
  'PUT /api/posts/:id/recipe': withBody(recipes.recipeInputSchema, recipeForm, recipeAuthor),
  'DELETE /api/posts/:id/recipe': recipeAuthor,
  // Valid addresses, inside private networks: refused before any connection, without a write.
  'POST /api/recipes/import': withBody(recipes.importRecipeSchema, {
    url: fc.constantFrom('http://127.0.0.1:9/private', 'https://10.0.0.1/soup', 'http://[::1]/pie'),
  }),
  'PUT /api/recipes/saved/:id': { params: { id: 'recipeOfB' } },
  'DELETE /api/recipes/saved/:id': { params: { id: 'recipeOfB' } },
  'POST /api/recipes/shopping/recipe': withBody(recipes.addRecipeToListSchema, {
    post_id: fc.constantFrom('00000000-0000-7000-8000-000000000000'),
  }),
  'POST /api/recipes/shopping': withBody(recipes.addShoppingItemSchema, {
    quantity: fc.constantFrom(undefined, '', '2', '1 1/2', '½'),
  }),
  'PATCH /api/recipes/shopping/:id': withBody(recipes.tickShoppingItemSchema, {}, shoppingOwner),
  'DELETE /api/recipes/shopping/:id': shoppingOwner,
  'DELETE /api/recipes/shopping': {},
  'PATCH /api/posts/:id': withBody(
    posts.updatePostSchema,
    {},
    { params: { id: 'post' }, refuse: ['postOfB'] },
  ),
  'DELETE /api/posts/:id': { params: { id: 'post' }, refuse: ['postOfB'] },
  'PUT /api/posts/:id/like': { params: { id: 'post' } },
  'DELETE /api/posts/:id/like': { params: { id: 'post' } },
  'PUT /api/posts/:id/hidden': { params: { id: 'post' } },
  'DELETE /api/posts/:id/hidden': { params: { id: 'post' } },
  'PUT /api/posts/:id/prayed': { params: { id: 'post' } },
  'DELETE /api/posts/:id/prayed': { params: { id: 'post' } },
  'POST /api/posts/:id/shares': { params: { id: 'post' } },
  'PUT /api/posts/:id/bookmark': { params: { id: 'post' } },
  // The fixture's post has no poll: a valid vote finds none (404), a bad one is refused (400).
  'POST /api/posts/:id/poll/votes': withBody(
    pollVoteSchema,
    { choices: fc.constantFrom([0], [1], [0, 1]) },
    { params: { id: 'post' } },
  ),
  'DELETE /api/posts/:id/bookmark': { params: { id: 'post' } },
  'DELETE /api/posts/:id/card': { params: { id: 'post' } },
  // Every name that can be a tag is one: a hostile path value that happens to be one (Z2bea1X7) is
  // followed like any other, so tag_follows may change; every other hostile value is refused (400).
  'PUT /api/tags/:tag/follow': { params: { tag: 'tag' }, mayChange: ['tag_follows'] },
  // The same names come back here: one the PUT cases followed is unfollowed.
  'DELETE /api/tags/:tag/follow': { params: { tag: 'tag' }, mayChange: ['tag_follows'] },
  // Prayer requests (issue 27): A's own request for the author's commands; B's for a follower's.
  'PUT /api/prayer/reminder': withBody(prayer.setPrayerReminderSchema, {
    time: fc.constantFrom(null, '07:30', '21:05'),
    time_zone: fc.constantFrom('UTC', 'America/Chicago', 'Asia/Tokyo'),
  }),
  'PUT /api/prayer/list/:id': { params: { id: 'prayerOfB' } },
  'DELETE /api/prayer/list/:id': { params: { id: 'prayerOfB' } },
  'POST /api/posts/:id/updates': withBody(prayer.addPrayerUpdateSchema, {}, prayerAuthor),
  'POST /api/posts/:id/answered': withBody(prayer.markAnsweredSchema, {}, prayerAuthor),
  'POST /api/posts/:id/renew': prayerAuthor,
  'PATCH /api/posts/:id/prayer': withBody(prayer.prayerSettingsSchema, {}, prayerAuthor),
  'PUT /api/posts/:id/prayer/follow': withBody(
    prayer.prayerFollowSchema,
    {},
    { params: { id: 'prayerOfB' } },
  ),
  'POST /api/posts/:id/views': { params: { id: 'post' } },
  'POST /api/posts/:id/comments': { ...withBody(posts.createCommentSchema), params: { id: 'post' } },
  'DELETE /api/comments/:id': { params: { id: 'comment' }, refuse: ['commentOfB'] },
  'POST /api/notifications/read-all': {},
  'POST /api/notifications/:id/read': { params: { id: 'notification' }, refuse: ['notificationOfB'] },
  'PATCH /api/profiles/me/details': withBody(profiles.profileDetailsSchema, {
    website: fc.constantFrom('', 'https://example.org'),
  }),
  'PATCH /api/profiles/me/avatar': withBody(profiles.avatarInputSchema),
  'PATCH /api/profiles/me/cover': withBody(profiles.coverInputSchema),
  'PUT /api/profiles/me/video': withBody(profiles.profileVideoInputSchema),
  'DELETE /api/profiles/me/video': {},
  'PUT /api/follows/:userId': { params: { userId: 'user' } },
  'DELETE /api/follows/:userId': { params: { userId: 'user' } },
  'PUT /api/blocks/:userId': { params: { userId: 'user' } },
  'DELETE /api/blocks/:userId': { params: { userId: 'user' } },
  'PUT /api/mutes/:userId': { params: { userId: 'user' } },
  'DELETE /api/mutes/:userId': { params: { userId: 'user' } },
  'POST /api/profiles/:id/wall': { ...withBody(wallPostInputSchema), params: { id: 'user' } },
  'POST /api/pending-posts/:id/approve': { params: { id: 'pending' }, refuse: ['pendingOfB'] },
  'POST /api/pending-posts/:id/reject': { params: { id: 'pending' }, refuse: ['pendingOfB'] },
  'POST /api/friend-requests/:id/accept': { params: { id: 'user' } },
  'POST /api/friend-requests/:id/decline': { params: { id: 'user' } },
  'PATCH /api/settings/account': withBody(settings.updateAccountSchema),
  'PATCH /api/settings/profile-details': withBody(settings.updateBioSchema),
  'PATCH /api/settings/privacy': withBody(settings.updatePrivacySchema),
  'PATCH /api/settings/preferences': withBody(settings.updatePreferencesSchema),
  'POST /api/settings/delete-account': withBody(settings.deleteAccountSchema),
  'POST /api/conversations/with/:userId/messages': withBody(
    sendMessageSchema,
    { client_id: fc.uuid() },
    {
      params: { userId: 'user' },
    },
  ),
  'POST /api/conversations/with/:userId/read': { params: { userId: 'user' } },
  'POST /api/conversations/with/:userId/request/accept': { params: { userId: 'user' } },
  'DELETE /api/conversations/with/:userId/request': { params: { userId: 'user' } },
  // A created circle is scheduled: a live one would be ended by the stale-circle job mid-run.
  'POST /api/circles': withBody(circles.createCircleSchema, { mode: fc.constant('scheduled') }),
  'POST /api/circles/:id/join': { params: { id: 'circle' } },
  'POST /api/circles/:id/requests': { params: { id: 'circle' } },
  'POST /api/circles/:id/requests/:userId/approve': { params: { id: 'circle', userId: 'user' } },
  'POST /api/circles/:id/requests/:userId/decline': { params: { id: 'circle', userId: 'user' } },
  'POST /api/circles/:id/preview': { params: { id: 'circle' } },
  'POST /api/circles/:id/chat': { ...withBody(circles.chatInputSchema), ...circleHost },
  'POST /api/circles/:id/live': { ...withBody(circles.goLiveSchema), ...circleHost },
  'POST /api/circles/:id/heartbeat': circleHost,
  'POST /api/circles/:id/end': circleHost,
  // The stage (Janus circles; this server has none, so every ask is refused with a 4xx).
  'PUT /api/circles/:id/hand': { params: { id: 'circle' } },
  'DELETE /api/circles/:id/hand': { params: { id: 'circle' } },
  'PUT /api/circles/:id/stage/:userId': { params: { id: 'circle', userId: 'user' }, refuse: ['circleOfB'] },
  'DELETE /api/circles/:id/stage/:userId': {
    params: { id: 'circle', userId: 'user' },
    refuse: ['circleOfB'],
  },
  'POST /api/groups': withBody(groups.createGroupSchema, { cover_media_id: fc.constant(undefined) }),
  'PATCH /api/groups/:slug': {
    ...withBody(groups.updateGroupSchema, { slug: fc.constantFrom(undefined, 'group-of-a') }),
    ...groupAdmin,
  },
  'DELETE /api/groups/:slug': groupAdmin,
  'POST /api/groups/:slug/join': { params: { slug: 'groupOfB' } },
  'DELETE /api/groups/:slug/membership': { params: { slug: 'groupOfB' } },
  'PUT /api/groups/:slug/notify': { ...withBody(groups.notifySchema), ...groupAdmin },
  'POST /api/groups/:slug/requests/:userId': {
    params: { slug: 'group', userId: 'user' },
    refuse: ['groupOfB'],
  },
  'DELETE /api/groups/:slug/requests/:userId': {
    params: { slug: 'group', userId: 'user' },
    refuse: ['groupOfB'],
  },
  'PUT /api/groups/:slug/members/:userId': {
    ...withBody(groups.memberRoleSchema),
    params: { slug: 'group', userId: 'user' },
    refuse: ['groupOfB'],
  },
  'DELETE /api/groups/:slug/members/:userId': {
    params: { slug: 'group', userId: 'user' },
    refuse: ['groupOfB'],
  },
  'PUT /api/groups/:slug/bans/:userId': { params: { slug: 'group', userId: 'user' }, refuse: ['groupOfB'] },
  'DELETE /api/groups/:slug/bans/:userId': {
    params: { slug: 'group', userId: 'user' },
    refuse: ['groupOfB'],
  },
  'POST /api/groups/:slug/invitations': { ...withBody(groups.inviteSchema), ...groupAdmin },
  'POST /api/groups/:slug/owner': { ...withBody(groups.transferOwnerSchema), ...groupAdmin },
  'PUT /api/groups/:slug/pin': { ...withBody(groups.pinSchema), ...groupAdmin },
  'DELETE /api/groups/:slug/pin': groupAdmin,
  'DELETE /api/admin/groups/:id': { params: { id: 'groupId' }, ...admin },
  'POST /api/events': withBody(events.createEventSchema, { ...eventForm, group_id: fc.constant(undefined) }),
  'PUT /api/events/:id': { ...withBody(events.updateEventSchema, eventForm), ...eventHost },
  'POST /api/events/:id/cancel': { ...withBody(events.cancelEventSchema), ...eventHost },
  'POST /api/events/:id/messages': { ...withBody(events.eventMessageSchema), ...eventHost },
  'POST /api/settings/calendar/reset': {},
  'PUT /api/events/:id/rsvp': {
    ...withBody(events.rsvpSchema, { occurrence: fc.constant(undefined) }),
    params: { id: 'eventOfB' },
  },
  'POST /api/spotlight/refresh': {},
  'DELETE /api/admin/members/:id': { params: { id: 'me' }, ...admin },
  'PUT /api/admin/members/:id/admin-role': { params: { id: 'me' }, ...admin },
  'DELETE /api/admin/members/:id/admin-role': { params: { id: 'me' }, ...admin },
  'POST /api/admin/shows': { ...show, ...admin },
  'PUT /api/push/subscription': withBody(pushSubscriptionSchema, {
    keys: fc.record({
      p256dh: fc.constant(
        'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      ),
      auth: fc.constant('tBHItJI5svbpez7KI4CCXg'),
    }),
  }),
  'DELETE /api/push/subscription': withBody(pushEndpointSchema),
  'POST /api/admin/announcements': { ...withBody(announcementInputSchema), ...admin },
  'PUT /api/admin/shows/:id': { ...show, params: { id: 'show' }, ...admin },
  'POST /api/reports': withBody(createReportSchema, {
    reason: fc.constantFrom(...Object.keys(REPORT_REASONS).filter((r) => r !== 'other')),
  }),
  'POST /api/admin/reports/:id/dismiss': { params: { id: 'report' }, ...admin },
  'POST /api/admin/reports/:id/remove': { params: { id: 'report' }, ...admin },
  'POST /api/admin/reports/:id/suspend': { params: { id: 'report' }, ...admin },
  'POST /api/admin/members/:id/suspend': { params: { id: 'me' }, ...admin },
  'POST /api/admin/members/:id/restore': { params: { id: 'me' }, ...admin },
  'DELETE /api/admin/shows/:id': { params: { id: 'show' }, ...admin },
  // Apps (issue 53): registering needs no account; a token is the app's credentials' or code's.
  'POST /api/v1/apps': withBody(
    registerAppSchema,
    {
      redirect_uris: fc.constantFrom(REDIRECT_URI, 'urn:ietf:wg:oauth:2.0:oob', [REDIRECT_URI, 'myapp://cb']),
      scopes: fc.constantFrom(undefined, 'read', 'read write follow push', 'read:statuses write:statuses'),
      website: fc.constantFrom(undefined, '', 'https://app.example'),
    },
    visitor,
  ),
  // No shared schema: the OAuth library reads the fields (a generated client or code is never real).
  'POST /oauth/token': visitor,
  'POST /oauth/revoke': visitor,
  // The authorize screen's decision (the cookie's): A's 'Authorize' may keep a code for A's app.
  'POST /api/oauth/authorization': withBody(authorizationDecisionSchema, { request: authorizationRequest }),
  'DELETE /api/settings/apps/:id': { params: { id: 'app' }, refuse: ['appOfB'] },
  'POST /api/v1/statuses': withBody(createStatusSchema, {
    status: fc.constantFrom('Hello from an app', 'Tooted #matrix'),
    media_ids: fc.constant(undefined),
    in_reply_to_id: fc.constant(undefined),
    visibility: fc.constantFrom(undefined, null, 'public', 'unlisted', 'private'),
    scheduled_at: fc.constant(undefined),
    poll: fc.constantFrom(undefined, { options: ['Yes', 'No'], expires_in: 3600 }),
  }),
  'PUT /api/v1/statuses/:id': withBody(
    editStatusSchema,
    { status: fc.constantFrom('Edited in an app'), media_ids: fc.constant(undefined) },
    ownStatus,
  ),
  'DELETE /api/v1/statuses/:id': { ...ownStatus, refuse: ['postOfB', 'commentOfB'] },
  'POST /api/v1/statuses/:id/favourite': status,
  'POST /api/v1/statuses/:id/unfavourite': status,
  'POST /api/v1/statuses/:id/bookmark': status,
  'POST /api/v1/statuses/:id/unbookmark': status,
  'POST /api/v1/statuses/:id/reblog': status,
  // There is no share of A's to take back: 422 for a status A sees, 404 for any other id.
  'POST /api/v1/statuses/:id/unreblog': status,
  // The fixture's post has no poll: a valid vote finds none (404), a bad one is refused (400).
  'POST /api/v1/polls/:id/votes': withBody(
    pollVotesSchema,
    { choices: fc.constantFrom([0], [1], ['0'], [0, 1]) },
    { params: { id: 'post' } },
  ),
  'POST /api/v1/accounts/:id/follow': account,
  'POST /api/v1/accounts/:id/unfollow': account,
  'POST /api/v1/accounts/:id/block': account,
  'POST /api/v1/accounts/:id/unblock': account,
  'POST /api/v1/accounts/:id/mute': account,
  'POST /api/v1/accounts/:id/unmute': account,
  // A's own name and bio, nobody else's.
  'PATCH /api/v1/accounts/update_credentials': withBody(updateCredentialsSchema),
  // Media (issue 53): the web app's upload, as multipart; a description goes to A's own upload alone.
  'POST /api/v2/media': { multipart: true },
  'POST /api/v1/media': { multipart: true },
  'PUT /api/v1/media/:id': withBody(
    mediaDescriptionSchema,
    {},
    { params: { id: 'media' }, refuse: ['mediaOfB'] },
  ),
  // Notifications: A's own bell; B's notification is as missing as none.
  'POST /api/v1/notifications/clear': {},
  'POST /api/v1/notifications/:id/dismiss': { params: { id: 'notification' }, refuse: ['notificationOfB'] },
  // Follow requests: the id is the member who asked A (a pending friend request).
  'POST /api/v1/follow_requests/:id/authorize': { params: { id: 'requester' } },
  'POST /api/v1/follow_requests/:id/reject': { params: { id: 'requester' } },
};

/**
 * The kind of thing a fixture is: an id of another kind must never be taken where this one goes. A
 * comedy show is an event (issue 26): a member may answer the admin's show like any event; a prayer
 * request is a post (issue 27).
 */
// A member fixture under another name (`requester`: who asked A to be friends) is a member's id too.
const kindOf = (fixture: string) =>
  fixture === 'me' || fixture === 'requester'
    ? 'user'
    : fixture === 'show'
      ? 'event'
      : fixture.replace(/OfB$/, '').replace(/^(prayer|recipe)$/, 'post');
// Better Auth endpoints we hide, and ways to walk to them from the catch-all.
const HIDDEN_AUTH =
  'list-sessions delete-user change-email revoke-sessions change-password ..%5csign-out sign-out%2f.. reset-password%2f..%2flist-sessions'.split(
    ' ',
  );

/** Whether a route (`METHOD /url`) is of the Mastodon client API's face: bearer tokens, forms. */
export const mastodonFace = (key: string) => /^\S+ \/(api\/v[12]|oauth)\//.test(key);

export function targetOf(key: string, spec: RouteSpec, fixtures: Fixtures) {
  const [method, url] = key.split(' ') as [string, string];
  const params = Object.fromEntries(
    Object.entries(spec.params ?? {}).map(([name, f]) => [name, fixtures.ids[f]]),
  );
  const kinds = new Set(Object.values(spec.params ?? {}).map(kindOf));
  const refusedIds = Object.entries(fixtures.ids)
    .filter(
      ([name]) =>
        (!kinds.has(kindOf(name)) && !spec.also?.includes(name as Fixture)) ||
        spec.refuse?.includes(name as Fixture),
    )
    .map(([, id]) => id)
    .concat(kinds.has('hiddenAuthEndpoint') ? HIDDEN_AUTH : []);
  const anyValue = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
  const valid = spec.valid ?? fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { maxKeys: 3 });
  return {
    method,
    url,
    schema: spec.schema,
    valid,
    params,
    refusedIds,
    multipart: spec.multipart,
    forms: mastodonFace(key),
  } satisfies Target;
}

/** Member limits are counted before validation: raised for this server, so 429s hide nothing. */
export async function startServer(dialect: (typeof dialects)[number]): Promise<TestServer> {
  const saved = structuredClone(MEMBER_LIMITS);
  for (const limit of Object.values(MEMBER_LIMITS)) (limit as { max: number }).max = 1_000_000;
  try {
    return await startTestServer(dialect, {
      authRateLimit: { perIp: 1_000_000, perEmail: 1_000_000, windowMs: 60_000 },
      contactRateLimit: { perIp: 1_000_000, windowMs: 60_000 },
    });
  } finally {
    for (const [name, limit] of Object.entries(saved))
      Object.assign(MEMBER_LIMITS[name as keyof typeof MEMBER_LIMITS], limit);
  }
}
