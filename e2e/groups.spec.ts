import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { photo } from './support/media.ts';
import { createConfirmedMember, newMember } from './support/members.ts';

// Groups (issue 25): a private group from creation to deletion, seen by its owner, a member who asks
// to join and becomes an admin, and a member who stays outside.

const PHONE = { width: 390, height: 844 };

function slugOf(page: Page): string {
  const match = /\/groups\/([^/?#]+)$/.exec(new URL(page.url()).pathname);
  expect(match).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

test('a private group: ask, approve, post, pray, pin, make admin, ban, delete', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [ann, ben, cat] = [newMember('groupowner'), newMember('groupasker'), newMember('groupoutsider')];
  const [owner, asker, outsider] = await Promise.all(
    [0, 1, 2].map(async () => (await browser.newContext()).newPage()),
  );
  await createConfirmedMember(owner!.request, baseURL!, ann);
  await createConfirmedMember(asker!.request, baseURL!, ben);
  await createConfirmedMember(outsider!.request, baseURL!, cat);
  const tag = Date.now().toString(36);
  const name = `Night Watch ${tag}`;

  // Ann creates a private group from /groups.
  await owner!.goto('/groups');
  await expect(owner!.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
  await owner!.getByRole('link', { name: 'Create a Group' }).click();
  await expect(owner!).toHaveURL(/\/groups\/new$/);
  await owner!.getByLabel('Name').fill(name);
  await owner!.getByLabel('Description').fill('We pray through the night, together.');
  await expect(owner!.getByText('36/500')).toBeVisible();
  await owner!.getByLabel('Category').selectOption({ label: 'Faith' });
  await owner!.getByRole('radio', { name: /^Private/ }).check();
  await owner!.getByRole('button', { name: 'Create Group' }).click();
  await expect(owner!.getByText('Group created!')).toBeVisible();
  await expect(owner!.getByRole('heading', { name, level: 1 })).toBeVisible();
  const slug = slugOf(owner!);
  await expect(owner!.getByRole('button', { name: 'Leave Group' })).toBeVisible();

  // Ben finds it in Discover and asks to join.
  await asker!.goto('/groups');
  await asker!.getByRole('searchbox', { name: 'Search groups' }).fill(tag);
  const discover = asker!.getByRole('list', { name: 'Discover groups' });
  await discover.getByRole('link', { name }).click();
  await expect(asker!).toHaveURL(new RegExp(`/groups/${slug}$`));
  await expect(asker!.getByRole('tab')).toHaveText(['About']);
  await asker!.getByRole('button', { name: 'Request to Join' }).click();
  await expect(asker!.getByRole('button', { name: 'Requested' })).toBeVisible();

  // Ann approves him under Members → Requests.
  await owner!.reload();
  await owner!.getByRole('tab', { name: 'Members' }).click();
  const requests = owner!.getByRole('region', { name: 'Requests' });
  await requests
    .getByRole('listitem')
    .filter({ hasText: ben.name })
    .getByRole('button', { name: 'Approve' })
    .click();
  const members = owner!.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('listitem').filter({ hasText: ben.name })).toContainText('Member');
  await expect(owner!.getByText('2 members')).toBeVisible();
  // Ann keeps the Posts tab open while Ben posts: a '1 new post' pill brings it in.
  await owner!.getByRole('tab', { name: 'Posts' }).click();

  // Ben posts with a photo in the group, and a prayer request in its Prayer tab.
  await asker!.reload();
  await expect(asker!.getByRole('button', { name: 'Leave Group' })).toBeVisible();
  const postText = `First watch ${tag}`;
  const composer = asker!.getByRole('region', { name: 'Create a post' });
  await composer.getByRole('textbox', { name: 'Post text' }).fill(postText);
  await expect(composer.getByRole('textbox', { name: 'Post text' })).toHaveAttribute(
    'placeholder',
    `Write something to ${name}...`,
  );
  await composer.getByLabel('Photo/Video').setInputFiles(await photo('lantern.png'));
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  // 'Remind me to add alt text' asks once (issue 51); Ben posts without it.
  await asker!
    .getByRole('dialog', { name: 'Add alt text?' })
    .getByRole('button', { name: 'Post without it' })
    .click();
  const benPost = asker!.getByRole('article').filter({ hasText: postText });
  await expect(benPost).toBeVisible();
  await expect(benPost.getByRole('link', { name: `in ${name}` })).toHaveAttribute('href', `/groups/${slug}`);
  const postHref = await benPost.locator('a[href^="/post/"]').first().getAttribute('href');
  expect(postHref).toMatch(/^\/post\//);
  await owner!.getByRole('button', { name: '1 new post' }).click();
  await expect(owner!.getByRole('article').filter({ hasText: postText })).toBeVisible();
  await expect(owner!.getByRole('button', { name: '1 new post' })).toHaveCount(0);
  // Ben comments on his post; Ann, the owner, may delete the comment.
  await benPost.getByRole('button', { name: /Comment/ }).click();
  const commentBox = benPost.getByPlaceholder('Write a comment...');
  await commentBox.fill(`Off-topic ${tag}`);
  await commentBox.press('Enter');
  await expect(benPost.getByText(`Off-topic ${tag}`)).toBeVisible();
  const annSeesPost = owner!.getByRole('article').filter({ hasText: postText });
  await annSeesPost.getByRole('button', { name: /Comment/ }).click();
  await annSeesPost.getByRole('button', { name: 'Delete comment' }).click();
  await expect(annSeesPost.getByText(`Off-topic ${tag}`)).toHaveCount(0);

  await asker!.getByRole('tab', { name: 'Prayer' }).click();
  const prayerText = `Pray for safe travels ${tag}`;
  const prayerComposer = asker!.getByRole('region', { name: 'Share a Prayer' });
  await prayerComposer.getByRole('textbox', { name: 'Post text' }).fill(prayerText);
  await prayerComposer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(asker!.getByRole('article').filter({ hasText: prayerText })).toBeVisible();

  // Cat, outside, sees only About and the request button; the post's own page does not show it either.
  await outsider!.goto(`/groups/${slug}`);
  await expect(outsider!.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(outsider!.getByRole('tab')).toHaveText(['About']);
  await expect(outsider!.getByRole('button', { name: 'Request to Join' })).toBeVisible();
  await expect(outsider!.getByText(postText)).toHaveCount(0);
  await outsider!.goto(postHref!);
  await expect(outsider!.getByText('Post not found')).toBeVisible();
  await outsider!.goto(`/groups/${slug}`);
  await outsider!.getByRole('button', { name: 'Request to Join' }).click();
  await expect(outsider!.getByRole('button', { name: 'Requested' })).toBeVisible();

  // Ann pins Ben's post, makes him an admin and bans Cat.
  await owner!.reload();
  await owner!.getByRole('tab', { name: 'Posts' }).click();
  await owner!
    .getByRole('listitem')
    .filter({ hasText: postText })
    .getByRole('button', { name: 'Pin post' })
    .click();
  const pinned = owner!.getByRole('region', { name: 'Pinned' });
  await expect(pinned.getByRole('article').filter({ hasText: postText })).toBeVisible();
  await expect(pinned.getByRole('button', { name: 'Unpin' })).toBeVisible();

  await owner!.getByRole('tab', { name: 'Members' }).click();
  const benRow = owner!
    .getByRole('region', { name: 'Members' })
    .getByRole('listitem')
    .filter({ hasText: ben.name });
  await benRow.getByRole('button', { name: 'Make admin' }).click();
  await expect(benRow.getByText('Admin', { exact: true })).toBeVisible();
  await expect(benRow.getByRole('button', { name: 'Remove admin' })).toBeVisible();
  await owner!
    .getByRole('region', { name: 'Requests' })
    .getByRole('listitem')
    .filter({ hasText: cat.name })
    .getByRole('button', { name: 'Ban' })
    .click();
  const banned = owner!.getByRole('region', { name: 'Banned' });
  await expect(banned.getByRole('listitem').filter({ hasText: cat.name })).toBeVisible();
  await expect(banned.getByRole('button', { name: 'Unban' })).toBeVisible();

  // Ben, now an admin, sees the admins' lists.
  await asker!.reload();
  await asker!.getByRole('tab', { name: 'Members' }).click();
  await expect(asker!.getByRole('region', { name: 'Banned' })).toContainText(cat.name);

  // Ann, the owner, removes Ben's prayer request from the group's Prayer tab.
  await owner!.getByRole('tab', { name: 'Prayer' }).click();
  const prayerCard = owner!.getByRole('article').filter({ hasText: prayerText });
  await prayerCard.getByRole('button', { name: 'Post options' }).click();
  await owner!
    .getByRole('menuitem', { name: 'Delete' })
    .or(owner!.getByRole('button', { name: 'Delete' }))
    .first()
    .click();
  await owner!.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(owner!.getByRole('article').filter({ hasText: prayerText })).toHaveCount(0);

  // Ann deletes the group; its address then finds nothing.
  await owner!.getByRole('tab', { name: 'About' }).click();
  await owner!.getByRole('button', { name: 'Delete Group' }).click();
  const dialog = owner!.getByRole('dialog', { name: 'Delete this group?' });
  await expect(dialog).toContainText('Its posts, prayer requests and members will be removed.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(owner!).toHaveURL(/\/groups$/);
  await owner!.goto(`/groups/${slug}`);
  await expect(owner!.getByRole('heading', { name: 'Group not found' })).toBeVisible();
});

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('a group page shows its tabs and the join button within reach', async ({ browser, baseURL }) => {
    const [owner, visitor] = await Promise.all(
      [0, 1].map(async () => (await browser.newContext()).newPage()),
    );
    await createConfirmedMember(owner!.request, baseURL!, newMember('phoneowner'));
    await createConfirmedMember(visitor!.request, baseURL!, newMember('phonevisitor'));
    const name = `Supper Club ${Date.now().toString(36)}`;
    const created = await owner!.request.post('/api/groups', {
      data: { name, category: 'food', privacy: 'public', description: 'Recipes and suppers.' },
      headers: { origin: baseURL! },
    });
    expect(created.status()).toBe(201);
    const { slug } = await created.json();

    await visitor!.goto(`/groups/${slug}`);
    await expect(visitor!.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(visitor!.getByRole('tab')).toHaveText(['Posts', 'About']);
    for (const tab of await visitor!.getByRole('tab').all()) await expect(tab).toBeInViewport();
    const join = visitor!.getByRole('button', { name: 'Join Group' });
    await expect(join).toBeInViewport();
    // Nothing is wider than the phone.
    expect(await visitor!.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    const { violations } = await new AxeBuilder({ page: visitor! }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
    await join.tap();
    await expect(visitor!.getByRole('button', { name: 'Leave Group' })).toBeVisible();
    await expect(visitor!.getByRole('tab')).toHaveText(['Posts', 'Prayer', 'Members', 'About']);
    await expect(visitor!.getByRole('tablist', { name: 'Group sections' })).toBeVisible();
    // Groups is in the menu and in the footer's Quick Links.
    await visitor!.getByRole('button', { name: 'Open menu' }).tap();
    await visitor!
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('link', { name: 'Groups', exact: true })
      .tap();
    await expect(visitor!).toHaveURL(/\/groups$/);
    await expect(
      visitor!.getByRole('list', { name: 'Your groups' }).getByRole('link', { name }),
    ).toBeVisible();
    await expect(
      visitor!.getByRole('navigation', { name: 'Quick Links' }).getByRole('link', { name: 'Groups' }),
    ).toHaveAttribute('href', '/groups');
  });
});
