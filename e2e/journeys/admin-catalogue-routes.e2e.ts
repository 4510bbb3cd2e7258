import { CATEGORY_SEGMENTS, CATEGORY_TYPES, type CategoryNode } from '@app/contracts/catalogue';
import { SURVEY_TARGET_KINDS } from '@app/contracts/targets';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { explainFailures, launchBrowser } from '../support/browser';
import { type ApiSession, callApi, signInApi, signInUi } from './auth-support';
import { problemsOf, watchApi } from './page-health';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

const NULL_COMPANY = 'filter_groups[0][filters][0][key]=company_id&filter_groups[0][filters][0][value]=null';

/**
 * Issue 20's "every `mnt` route is visited with real demo ids": the catalogue's addresses
 * (sectors, the six kinds of categories and their child routes, templates, platform
 * surveys, default questions, premium, articles), each opened by the demo admin with ids
 * read from the demo data, shows its page: no error page, no catch-all, no refusal, and no
 * API call refused (403) or failed (5xx) on the way. The menu walk (menu-walk.e2e.ts) opens
 * the entries of the menu; this opens the drill-downs no menu entry leads to directly.
 */
describe.skipIf(!hasBrowser)('every catalogue route of the back office opens with real demo ids', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  let admin: ApiSession;
  let sid: string;
  const routes: string[] = [];

  const api = <T>(path: string) => callApi<T>(baseURL, path, { session: admin });

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    admin = await signInApi(baseURL, 'admin@demo.cm');
    const [sector] = await api<Array<{ id: number }>>('sectors?limit=1');
    const trees = new Map<string, CategoryNode[]>();
    for (const type of CATEGORY_TYPES) trees.set(type, await api<CategoryNode[]>(`categories/tree/${type}`));
    const [template] = await api<Array<{ id: number }>>(`templates?${NULL_COMPANY}&limit=1`);
    const [survey] = await api<Array<{ id: number }>>('admin/surveys?limit=1');
    const companyCategory = trees.get('company')?.[0];
    if (!sector || !template || !survey || !companyCategory) throw new Error('the demo data lacks a sector, a platform template, a company survey or a company category');
    const [feature] = await api<Array<{ id: number }>>(`categories/${companyCategory.id}/features`);

    routes.push('/mnt/sectors', '/mnt/sectors/view', `/mnt/sectors/view/${sector.id}`, '/mnt/categories');
    for (const type of CATEGORY_TYPES) {
      const [first] = trees.get(type) ?? [];
      expect(first, `the demo has a ${type} category`).toBeTruthy();
      routes.push(`/mnt/categories/view/${CATEGORY_SEGMENTS[type]}`, `/mnt/categories/view/${CATEGORY_SEGMENTS[type]}/${first.id}`);
    }
    routes.push(
      `/mnt/categories/view/companies/${companyCategory.id}/features/${feature.id}`,
      '/mnt/templates/view',
      '/mnt/templates/new',
      `/mnt/templates/view/${template.id}`,
      `/mnt/templates/edit/${template.id}`,
      '/mnt/surveys/view',
      `/mnt/surveys/view/${survey.id}`,
      '/mnt/surveys/view/templates',
      `/mnt/surveys/view/templates/${template.id}`,
      ...SURVEY_TARGET_KINDS.map((kind) => `/mnt/surveys/view/questions/${kind}`),
      '/mnt/surveys/view/premium',
      '/mnt/articles',
      '/mnt/articles/list',
      '/mnt/articles/categories',
    );
    context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await page.goto('/auth/login');
    sid = await signInUi(page, 'admin@demo.cm');
  }, 180_000);
  afterAll(async () => {
    await context?.close();
    await close?.();
  });
  explainFailures(() => page);

  it('opens each route on its page, with no refusal or server error', { timeout: 600_000 }, async () => {
    const watch = watchApi(page);
    const failures: string[] = [];
    for (const route of routes) {
      const href = `/${sid}${route}`;
      await page.goto(href);
      // The page is drawn (its heading, or the error page) and what it asked the API came back.
      await page.locator('main h1, [data-testid="error-page"], [data-testid="not-found"]').first().waitFor({ timeout: 30_000 });
      await watch.settle();
      for (const problem of [...(await problemsOf(page, href)), ...watch.takeRefused()]) failures.push(`${route}: ${problem}`);
    }
    expect(routes.length).toBeGreaterThanOrEqual(30);
    expect(failures).toEqual([]);
  });
});
