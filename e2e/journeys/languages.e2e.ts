import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { frCommerce } from '../../apps/web/src/i18n/locales/fr-commerce';
import { de } from '../../apps/web/src/i18n/locales/de';
import { deCommerce } from '../../apps/web/src/i18n/locales/de-commerce';
import { deCompany } from '../../apps/web/src/i18n/locales/de-company';
import { deKit } from '../../apps/web/src/i18n/locales/de-kit';
import { deMessaging } from '../../apps/web/src/i18n/locales/de-messaging';
import { deScores } from '../../apps/web/src/i18n/locales/de-scores';
import { deSession } from '../../apps/web/src/i18n/locales/de-session';
import { deStructure } from '../../apps/web/src/i18n/locales/de-structure';
import { deSurveys } from '../../apps/web/src/i18n/locales/de-surveys';
import { en } from '../../apps/web/src/i18n/locales/en';
import { enCommerce } from '../../apps/web/src/i18n/locales/en-commerce';
import { enCompany } from '../../apps/web/src/i18n/locales/en-company';
import { enKit } from '../../apps/web/src/i18n/locales/en-kit';
import { enMessaging } from '../../apps/web/src/i18n/locales/en-messaging';
import { enSession } from '../../apps/web/src/i18n/locales/en-session';
import { enStructure } from '../../apps/web/src/i18n/locales/en-structure';
import { enSurveys } from '../../apps/web/src/i18n/locales/en-surveys';
import { fr } from '../../apps/web/src/i18n/locales/fr';
import { frKit } from '../../apps/web/src/i18n/locales/fr-kit';
import { frMessaging } from '../../apps/web/src/i18n/locales/fr-messaging';
import { frSession } from '../../apps/web/src/i18n/locales/fr-session';
import { frStructure } from '../../apps/web/src/i18n/locales/fr-structure';
import { frSurveys } from '../../apps/web/src/i18n/locales/fr-surveys';
import { zhCN } from '../../apps/web/src/i18n/locales/zh-cn';
import { zhCNCommerce } from '../../apps/web/src/i18n/locales/zh-cn-commerce';
import { zhCNCompany } from '../../apps/web/src/i18n/locales/zh-cn-company';
import { zhCNKit } from '../../apps/web/src/i18n/locales/zh-cn-kit';
import { zhCNMessaging } from '../../apps/web/src/i18n/locales/zh-cn-messaging';
import { zhCNScores } from '../../apps/web/src/i18n/locales/zh-cn-scores';
import { zhCNSession } from '../../apps/web/src/i18n/locales/zh-cn-session';
import { zhCNStructure } from '../../apps/web/src/i18n/locales/zh-cn-structure';
import { zhCNSurveys } from '../../apps/web/src/i18n/locales/zh-cn-surveys';
import { enScores, frScores } from '../../apps/web/src/features/tenancy/overview/scores-i18n';
import { frCompany } from '../../apps/web/src/features/tenancy/company-i18n';
import { explainFailures, launchBrowser } from '../support/browser';
import { type ApiSession, callApi, signInApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

type Checked = 'en' | 'de' | 'zh-CN';

/**
 * The texts of the owner's main screens (frame, dashboard, surveys, builder, results,
 * sites, billing): French and the three languages walked, key for key.
 */
const SCREEN_TEXTS: Array<{ fr: object } & Record<Checked, object>> = [
  { fr, en, de, 'zh-CN': zhCN },
  { fr: frSession.session, en: enSession, de: deSession, 'zh-CN': zhCNSession },
  { fr: frKit, en: enKit, de: deKit, 'zh-CN': zhCNKit },
  { fr: frMessaging, en: enMessaging, de: deMessaging, 'zh-CN': zhCNMessaging },
  { fr: frCompany, en: enCompany, de: deCompany, 'zh-CN': zhCNCompany },
  { fr: frSurveys, en: enSurveys, de: deSurveys, 'zh-CN': zhCNSurveys },
  { fr: frStructure, en: enStructure, de: deStructure, 'zh-CN': zhCNStructure },
  { fr: frCommerce, en: enCommerce, de: deCommerce, 'zh-CN': zhCNCommerce },
  { fr: frScores, en: enScores, de: deScores, 'zh-CN': zhCNScores },
];

function leaves(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/**
 * The French texts that must not show in `language`: those its translation writes
 * differently, minus any the language itself also uses somewhere ("Notes", "Code").
 * Each one matches a whole visible line, its `{{placeholders}}` standing for anything.
 */
function frenchOnly(language: Checked): RegExp[] {
  const french = new Set<string>();
  const own = new Set<string>();
  for (const texts of SCREEN_TEXTS) {
    const theirs = leaves(texts[language]);
    for (const [key, value] of leaves(texts.fr)) {
      if (theirs.has(key) && theirs.get(key) !== value) french.add(value);
    }
    for (const value of theirs.values()) own.add(value);
  }
  return [...french]
    .filter((text) => !own.has(text) && /\p{L}{3}/u.test(text.replace(/\{\{[^}]*\}\}/g, '')))
    .map((text) => {
      const pattern = text
        .split(/\{\{[^}]*\}\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.+?');
      return new RegExp(`^${pattern}$`);
    });
}

/** The API calls of a page, counted while they run: settled once none is in flight across two frames. */
function watchApi(page: Page) {
  let inFlight = 0;
  let wake: (() => void) | null = null;
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (isApi(request.url())) inFlight += 1;
  });
  const done = (url: string) => {
    if (!isApi(url)) return;
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight === 0) wake?.();
  };
  page.on('requestfinished', (request) => done(request.url()));
  page.on('requestfailed', (request) => done(request.url()));
  return async (): Promise<void> => {
    for (;;) {
      if (inFlight > 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      if (inFlight === 0) return;
    }
  };
}

/** What the user reads: visible lines, plus the names and placeholders of controls. */
async function visibleTexts(page: Page): Promise<string[]> {
  const lines = (await page.locator('body').innerText()).split('\n');
  const attributes = await page
    .locator('[placeholder], [aria-label], [title]')
    .evaluateAll((nodes) => nodes.flatMap((n) => ['placeholder', 'aria-label', 'title'].map((a) => n.getAttribute(a) ?? '')));
  return [...lines, ...attributes].map((line) => line.trim()).filter(Boolean);
}

/** The demo owner's survey the walk opens: one step, one question, published (French title: demo data). */
async function publishSurvey(owner: ApiSession) {
  const survey = await callApi<{ id: number; type: string }>(baseURL, 'surveys', { session: owner, body: { title: `Tournée des langues ${Date.now()}` } });
  const step = await callApi<{ id: number }>(baseURL, 'steps', { session: owner, body: { survey_id: survey.id, title: 'Guichet de Bonamoussadi' } });
  await callApi(baseURL, 'questions', { session: owner, body: { step_id: step.id, label: 'Le client a-t-il été salué ?', type: 'yes_no', required: true } });
  await callApi(baseURL, `surveys/${survey.id}/submit`, { session: owner, body: {} });
  await callApi(baseURL, `surveys/${survey.id}/publish`, { session: owner, body: {} });
  return survey;
}

describe.skipIf(!hasBrowser)('the owner works in English, German and Chinese with no French left', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let page: Page;
  let settle: () => Promise<void>;
  let sid: string;
  let survey: { id: number; type: string };
  /** Records the company or the platform wrote (package names and descriptions): data, not interface. */
  const data = new Set<string>();

  explainFailures(() => page);

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    const owner = await signInApi(baseURL, 'agent@demo.cm');
    survey = await publishSurvey(owner);
    for (const pkg of await callApi<Array<{ name: string; description: string | null }>>(baseURL, 'packages', { session: owner })) {
      data.add(pkg.name);
      if (pkg.description) data.add(pkg.description);
    }
    page = await browser.newPage({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
    settle = watchApi(page);
    await page.goto('/auth/login');
    sid = await signInUi(page, 'agent@demo.cm');
  });

  afterAll(async () => {
    // Back to French, on the account too: the other journeys sign in as this owner.
    if (page && sid) {
      await page.goto(`/${sid}/business`);
      await page.getByTestId('lang-switch').selectOption('fr');
      await page.waitForFunction(() => document.documentElement.lang === 'fr');
      await settle();
    }
    await close?.();
  });

  const screens = () => [
    { name: 'business home', path: `/${sid}/business` },
    { name: 'surveys list', path: `/${sid}/business/view/surveys` },
    { name: 'survey detail', path: `/${sid}/business/view/surveys/${survey.type}/${survey.id}` },
    { name: 'builder', path: `/${sid}/business/edit/surveys/${survey.type}/${survey.id}?tab=builder` },
    { name: 'results', path: `/${sid}/business/view/surveys/${survey.type}/${survey.id}?tab=results` },
    { name: 'sites', path: `/${sid}/business/view/sites` },
    { name: 'billing (packages)', path: `/${sid}/business/view/packages` },
    { name: 'invoices', path: `/${sid}/business/view/invoices` },
  ];

  it.each(['en', 'de', 'zh-CN'] as const)('%s: switched in the header, kept across a reload, on every main screen', async (language) => {
    await page.goto(`/${sid}/business`);
    await page.getByTestId('lang-switch').selectOption(language);
    await page.waitForFunction((lng) => document.documentElement.lang === lng, language);
    await settle();
    await page.reload();
    await page.waitForFunction((lng) => document.documentElement.lang === lng, language);
    await expect.poll(() => page.getByTestId('lang-switch').inputValue()).toBe(language);

    const french = frenchOnly(language);
    const found: string[] = [];
    for (const screen of screens()) {
      await page.goto(screen.path);
      await page.locator('main h1, main h2').first().waitFor();
      await settle();
      for (const text of await visibleTexts(page)) {
        if (!data.has(text) && french.some((pattern) => pattern.test(text))) found.push(`${screen.name}: « ${text} »`);
      }
    }
    expect([...new Set(found)]).toEqual([]);
  });

  it('the language is on the account: a new device opens in it', async () => {
    const owner = await signInApi(baseURL, 'agent@demo.cm');
    const user = await callApi<{ locale: string }>(baseURL, 'auth', { session: owner });
    expect(user.locale).toBe('zh-CN');
    const other = await browser.newPage({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
    try {
      await other.goto('/auth/login');
      await signInUi(other, 'agent@demo.cm');
      await other.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    } finally {
      await other.close();
    }
  });
});
