import { CATEGORY_SEGMENTS, CATEGORY_TYPES, type CategoryNode } from '@app/contracts/catalogue';
import { SURVEY_TARGET_KINDS } from '@app/contracts/targets';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { explainFailures, launchBrowser } from '../support/browser';
import { type ApiSession, callApi, signInApi, signInUi } from './auth-support';
import { appears, problemsOf, watchApi } from './page-health';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

const NULL_COMPANY = 'filter_groups[0][filters][0][key]=company_id&filter_groups[0][filters][0][value]=null';
const PREMIUM = `${NULL_COMPANY}&filter_groups[0][filters][1][key]=premium&filter_groups[0][filters][1][value]=true`;
const defaultsOf = (kind: string) =>
  `questions?filter_groups[0][filters][0][key]=default_for&filter_groups[0][filters][0][value]=${kind}` +
  '&filter_groups[1][filters][0][key]=survey_id&filter_groups[1][filters][0][value]=null' +
  '&filter_groups[2][filters][0][key]=company_id&filter_groups[2][filters][0][value]=null&limit=1';

/**
 * One route and what the demo admin must see on it: demo names read from the API (a sector,
 * a category, a template…) and, for a list, at least one row. A route drawn empty fails.
 */
interface RouteCheck {
  route: string;
  shows: string[];
  rows?: boolean;
}

type Named = { id: number; name?: string; title?: string; label?: string };
const nameOf = (row: Named | undefined) => row?.name ?? row?.title ?? row?.label ?? '';
/** A category tree, parents before their children (records are often filed under a sub-category). */
const walk = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((node) => [node, ...walk(node.children)]);

/**
 * Issue 20's "every `mnt` route is visited with real demo ids and shows its page with data":
 * the catalogue's addresses (sectors, the six kinds of categories and their child routes,
 * templates, platform surveys, default questions, premium, articles), each opened by the demo
 * admin with ids read from the demo data, shows its page with the demo rows it should show
 * (a known name, a non-empty list): no error page, no catch-all, no refusal, no API call
 * refused (403) or failed (5xx), and no empty list. The menu walk (menu-walk.e2e.ts) opens
 * the entries of the menu; this opens the drill-downs no menu entry leads to directly.
 */
describe.skipIf(!hasBrowser)('every catalogue route of the back office opens with real demo ids and data', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  let admin: ApiSession;
  let sid: string;
  const checks: RouteCheck[] = [];

  const api = <T>(path: string) => callApi<T>(baseURL, path, { session: admin });
  const first = async (path: string, what: string): Promise<Named> => {
    const [row] = await api<Named[]>(path);
    if (!row || !nameOf(row)) throw new Error(`the demo data lacks ${what} (${path})`);
    return row;
  };

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    admin = await signInApi(baseURL, 'admin@demo.cm');
    // A sector with companies, so that its page lists some.
    let sector: Named | undefined;
    let sectorCompany: Named | undefined;
    for (const row of await api<Named[]>('sectors?limit=100')) {
      [sectorCompany] = await api<Named[]>(`sectors/${row.id}/companies?limit=1`);
      if (sectorCompany) {
        sector = row;
        break;
      }
    }
    if (!sector || !sectorCompany) throw new Error('the demo data lacks a sector with companies');
    const trees = new Map<string, CategoryNode[]>();
    for (const type of CATEGORY_TYPES) trees.set(type, await api<CategoryNode[]>(`categories/tree/${type}`));
    const template = await first(`templates?${NULL_COMPANY}&limit=1`, 'a platform template');
    const survey = await first('admin/surveys?limit=1', 'a company survey');
    const companyTemplate = await first('admin/surveys?templates=yes&limit=1', 'a template of a company');
    const premium = await first(`templates?${PREMIUM}&limit=100`, 'a premium template');
    const articleCategories = await api<{ rows: Named[] }>('admin/articles/categories');
    const articleCategory = articleCategories.rows[0];
    if (!articleCategory) throw new Error('the demo data lacks an article category');
    const companyCategory = trees.get('company')?.[0];
    if (!companyCategory) throw new Error('the demo data lacks a company category');
    const feature = await first(`categories/${companyCategory.id}/features`, 'a feature of a company category');

    checks.push(
      { route: '/mnt/sectors', shows: [], rows: true },
      { route: '/mnt/sectors/view', shows: [], rows: true },
      { route: `/mnt/sectors/view/${sector.id}`, shows: [nameOf(sector), nameOf(sectorCompany)] },
      { route: '/mnt/categories', shows: [trees.get('template')?.[0]?.name ?? 'a template category'] },
    );
    for (const type of CATEGORY_TYPES) {
      const nodes = trees.get(type) ?? [];
      expect(nodes[0], `the demo has a ${type} category`).toBeTruthy();
      // The category whose objects tab (its first) lists something filed under it.
      let filed: { node: CategoryNode; object: Named } | undefined;
      for (const node of walk(nodes)) {
        const [object] = await api<Named[]>(`categories/${node.id}/objects?limit=1`);
        if (object) {
          filed = { node, object };
          break;
        }
      }
      const node = filed?.node ?? nodes[0];
      checks.push(
        { route: `/mnt/categories/view/${CATEGORY_SEGMENTS[type]}`, shows: [nodes[0].name] },
        // With no object filed under any category of this kind, the expectation names it so the failure says so.
        { route: `/mnt/categories/view/${CATEGORY_SEGMENTS[type]}/${node.id}`, shows: [node.name, filed ? nameOf(filed.object) : `an object filed under a ${type} category`] },
      );
    }
    checks.push(
      { route: `/mnt/categories/view/companies/${companyCategory.id}/features/${feature.id}`, shows: [companyCategory.name, nameOf(feature)] },
      { route: '/mnt/templates/view', shows: [], rows: true },
      // A creation form: nothing of the demo to show but its empty builder.
      { route: '/mnt/templates/new', shows: [] },
      { route: `/mnt/templates/view/${template.id}`, shows: [nameOf(template)] },
      { route: `/mnt/templates/edit/${template.id}`, shows: [nameOf(template)] },
      { route: '/mnt/surveys/view', shows: [], rows: true },
      { route: `/mnt/surveys/view/${survey.id}`, shows: [nameOf(survey)] },
      { route: '/mnt/surveys/view/templates', shows: [nameOf(companyTemplate)], rows: true },
      { route: `/mnt/surveys/view/templates/${companyTemplate.id}`, shows: [nameOf(companyTemplate)] },
    );
    for (const kind of SURVEY_TARGET_KINDS) {
      const [question] = await api<Named[]>(defaultsOf(kind));
      checks.push({ route: `/mnt/surveys/view/questions/${kind}`, shows: [question ? nameOf(question) : `a default ${kind} question`] });
    }
    checks.push(
      { route: '/mnt/surveys/view/premium', shows: [nameOf(premium)], rows: true },
      { route: '/mnt/articles', shows: [nameOf(articleCategory)] },
      { route: '/mnt/articles/list', shows: [], rows: true },
      { route: '/mnt/articles/categories', shows: [nameOf(articleCategory)] },
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

  it('opens each route on its page, with its demo data, no refusal or server error', { timeout: 600_000 }, async () => {
    const watch = watchApi(page);
    const failures: string[] = [];
    // Every id here is a real demo id: a record the API does not find is a page drawn on nothing.
    const missing: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.status() === 404 && url.pathname.startsWith('/api/')) missing.push(`${response.request().method()} ${url.pathname} → 404`);
    });
    const main = page.locator('main').first();
    for (const { route, shows, rows } of checks) {
      const href = `/${sid}${route}`;
      await page.goto(href);
      // The page is drawn (its heading, or the error page) and what it asked the API came back.
      await page.locator('main h1, [data-testid="error-page"], [data-testid="not-found"]').first().waitFor({ timeout: 30_000 });
      await watch.settle();
      for (const problem of [...(await problemsOf(page, href)), ...watch.takeRefused(), ...missing.splice(0)]) failures.push(`${route}: ${problem}`);
      // What the user came for: the demo rows, waited for as the user would see them.
      for (const text of shows) {
        if (!(await appears(main.getByText(text)))) failures.push(`${route}: does not show « ${text} »`);
      }
      if (rows) {
        if (!(await appears(main.locator('[data-testid$="-row"]:visible, [data-testid$="-card"]:visible')))) failures.push(`${route}: lists no row`);
      }
    }
    expect(checks.length).toBeGreaterThanOrEqual(30);
    expect(failures).toEqual([]);
  });
});
