import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { callApi, signInApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

describe.skipIf(!hasBrowser)('the back office: the platform map without internet', () => {
  let browser: Browser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(() => close?.());

  it('draws the shipped base map and every company’s markers with the network cut to the product’s own address; a marker opens its site', { timeout: 240_000 }, async () => {
    const adminApi = await signInApi(baseURL, 'admin@demo.cm');
    const [demo] = await callApi<Array<{ id: number }>>(baseURL, 'mnt/companies?q=DEMSRL', { session: adminApi });

    // The user prefers reduced motion: the map jumps instead of animating its zooms, so a
    // marker stands still under the pointer once drawn.
    const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    // No internet: every request to another host than the product's fails, and is counted.
    const own = new URL(baseURL).host;
    const refused: string[] = [];
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.protocol === 'data:' || url.protocol === 'blob:' || url.host === own) return route.continue();
      refused.push(url.href);
      return route.abort('internetdisconnected');
    });
    const admin = await context.newPage();
    await admin.goto('/auth/login');
    const sid = await signInUi(admin, 'admin@demo.cm');

    // Reached from the navigation.
    await admin.locator('[data-testid="nav-item"][data-nav-id="mntMap"]').first().click();
    await admin.waitForURL((url) => url.pathname === `/${sid}/mnt/ai-map`);
    await admin.locator('main h1').filter({ hasText: 'Carte de la plateforme' }).waitFor();

    // The base map (Cameroon's outline among the countries) and the markers of several companies.
    const map = admin.getByTestId('platform-map');
    await admin.locator('[data-testid="platform-map"][data-base="drawn"]').waitFor({ timeout: 30_000 });
    expect(await map.locator('path.map-base-cameroon').count()).toBe(1);
    expect(await map.locator('path.map-base-country').count()).toBeGreaterThan(50);
    await map.locator('.map-marker, .map-cluster').first().waitFor();
    expect(Number(await map.getAttribute('data-sites'))).toBeGreaterThan(1);
    expect(Number(await map.getAttribute('data-participations'))).toBeGreaterThan(0);
    const allSites = Number(await map.getAttribute('data-sites'));

    // Filtered by one company: fewer sites, all of it.
    await admin.goto(`/${sid}/mnt/ai-map?company_id=${demo.id}`);
    await admin.locator('[data-testid="platform-map"][data-base="drawn"]').waitFor({ timeout: 30_000 });
    await map.locator('.map-marker, .map-cluster').first().waitFor();
    const demoSites = Number(await map.getAttribute('data-sites'));
    expect(demoSites).toBeGreaterThan(0);
    expect(demoSites).toBeLessThan(allSites);

    // A site's marker, clicked with the pointer, opens the site's page in its company. The
    // user clicks a site they can see: at the country's scale two sites of one town overlap,
    // so the marker clicked is one whose centre shows that marker, not another on top of it.
    const siteMarkers = map.locator('.map-marker-site');
    const onTop = await siteMarkers.evaluateAll((markers) =>
      markers.findIndex((marker) => {
        const box = marker.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && marker.contains(hit);
      }),
    );
    expect(onTop).toBeGreaterThanOrEqual(0);
    await siteMarkers.nth(onTop).click();
    await admin.waitForURL((url) => new RegExp(`/mnt/companies/view/${demo.id}/sites/\\d+$`).test(url.pathname));
    await admin.getByTestId('child-detail').waitFor();

    expect(refused).toEqual([]);
    await context.close();
  });
});
