import { expect, test } from '@playwright/test';
import { createConfirmedMember, newMember, signIn } from './support/members.ts';

// The e2e server asks the local places fixture (server/test/placesFixture.ts), never OpenStreetMap.
const SHOTS = process.env.PLACES_SCREENSHOTS;

test('a church search by city on /prayer lists the nearest places with OpenStreetMap links', async ({
  page,
  request,
  baseURL,
}) => {
  const me = newMember('seeker');
  await createConfirmedMember(request, baseURL!, me);
  await signIn(page, me);
  await page.goto('/prayer');
  const open = page.getByRole('button', { name: 'Find Local Churches' });
  await expect(page.getByRole('heading', { name: 'Prayer Wall' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/prayer-1280.png` });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Find Local Churches' });
  await expect(dialog).toBeVisible();
  const city = dialog.getByLabel('City or ZIP code');
  await expect(city).toBeFocused();

  // With neither a city nor the location, it says what is needed.
  await dialog.getByRole('button', { name: 'Search' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter a city or ZIP code, or use your location.');

  await city.fill('Springfield');
  await city.press('Enter');
  const list = dialog.getByRole('list', { name: 'Churches near Springfield' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('heading')).toHaveText([
    'Grace Chapel',
    "St. Mary's Church",
    'First Baptist Church',
  ]);
  const first = list.getByRole('listitem').first();
  await expect(first).toContainText('12 Elm Road, Springfield');
  await expect(first).toContainText('240 m');
  await expect(list.getByRole('listitem').nth(1)).toContainText('1.1 km');
  const links = list.getByRole('link', { name: /Open in OpenStreetMap/ });
  await expect(links).toHaveCount(3);
  await expect(links.first()).toHaveAttribute('href', 'https://www.openstreetmap.org/way/2001');
  await expect(links.first()).toHaveAttribute('target', '_blank');
  await expect(links.first()).toHaveAttribute('rel', /noopener/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/places-churches-1280.png` });

  // A place the map does not know says so; Escape closes the dialog.
  await city.fill('Atlantis');
  await city.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('We could not find "Atlantis" on the map.');
  // The map service failing: a sentence for the member and a way to try again.
  await city.fill('Broken Town');
  await city.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText(
    'The map service could not be reached. Please try again in a minute.',
  );
  await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the restaurant search on /food uses the device location, or says it was refused', async ({
  browser,
  request,
  baseURL,
}) => {
  const me = newMember('diner');
  await createConfirmedMember(request, baseURL!, me);

  // A phone-sized page whose location is allowed.
  const allowed = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    geolocation: { latitude: 45.5017, longitude: -73.5673 },
    permissions: ['geolocation'],
  });
  const page = await allowed.newPage();
  await signIn(page, me);
  await page.goto('/food');
  await expect(page.getByRole('heading', { name: 'Food & Recipes' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/food-390.png` });
  await page.getByRole('button', { name: 'Find Local Restaurants' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find Local Restaurants' });
  await dialog.getByRole('button', { name: 'Use my location' }).click();
  const list = dialog.getByRole('list', { name: 'Restaurants near your location' });
  await expect(list.getByRole('heading')).toHaveText(['Corner Café', "Luigi's Trattoria", 'Krusty Burger']);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/places-restaurants-390.png` });
  await allowed.close();

  // Location refused: it says so and suggests typing a city.
  const refused = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const other = await refused.newPage();
  await signIn(other, me);
  await other.goto('/food');
  await other.getByRole('button', { name: 'Find Local Restaurants' }).click();
  const again = other.getByRole('dialog', { name: 'Find Local Restaurants' });
  await again.getByRole('button', { name: 'Use my location' }).click();
  await expect(again.getByRole('alert')).toHaveText(
    'Location access was denied. Type a city or ZIP code instead.',
  );
  await refused.close();
});
