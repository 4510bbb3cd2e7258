#!/usr/bin/env node
/**
 * Performance and accessibility budgets of the signed-in app (issue 23, docs/PERFORMANCE.md
 * "Budgets"), on the production build served by the real product server. Fails (exit 1)
 * when one is missed:
 *   - /auth/login and /auth/create-account (sign-up, light entry too): at most 110 KB of
 *     gzipped JavaScript fetched by a first load (dynamic imports included), Lighthouse 12
 *     mobile performance ≥ 95;
 *   - the agent's business home (agent@demo.cm, /{sid}/business) and the customer's web home
 *     (client@demo.cm, /{sid}/web) after sign-in: performance ≥ 90;
 *   - every page: CLS 0 and Lighthouse accessibility ≥ 95.
 *
 *   npm run budgets -- [--skip-build] [--runs N] [--only login,signup,business,web] [--json FILE] [--keep-reports DIR] [--report-only]
 *
 * --skip-build    use apps/web/dist as it is
 * --runs N        Lighthouse runs per page (default 3); the median performance run is judged
 * --only LIST     measure only these pages
 * --report-only   print the figures, exit 0 even when a budget is missed (the "before" figures)
 *
 * Lighthouse's defaults: mobile form factor, simulated slow 4G and 4× CPU slowdown. Signed-in
 * pages: a Chromium signs in on the login page as a person would (the session is then in
 * localStorage, `account.{sid}`, as the app keeps it), its HTTP cache, service worker and
 * cache storage are emptied, and Lighthouse loads the page in that profile without resetting
 * storage: a cold load of the page by a signed-in person.
 * Chromium: CHROME_PATH (default /usr/bin/chromium); nothing is downloaded.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { weighBuiltFiles } from './first-load-js.mjs';
import { buildWeb, freePort, median, startServer, step, table } from './lib/product-server.mjs';
import { launchChromium, signIn } from './lib/signed-in-chromium.mjs';

const KB = 1024;

/** The budgets, one place. */
const PAGES = {
  login: { label: '/auth/login', path: () => '/auth/login', jsBudgetKB: 110, performance: 95 },
  signup: { label: '/auth/create-account', path: () => '/auth/create-account', jsBudgetKB: 110, performance: 95 },
  business: { label: 'agent business home /{sid}/business', login: 'agent@demo.cm', path: (sid) => `/${sid}/business`, performance: 90 },
  web: { label: 'customer web home /{sid}/web', login: 'client@demo.cm', path: (sid) => `/${sid}/web`, performance: 90 },
};
const ACCESSIBILITY = 95;

const { values: args } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    json: { type: 'string' },
    'keep-reports': { type: 'string' },
    'report-only': { type: 'boolean', default: false },
  },
});
/**
 * The run's settings, read once here (the command line above and the environment); the
 * rest of the script reads only this object.
 *   skipBuild    --skip-build: use apps/web/dist as it is
 *   runs         --runs N: Lighthouse runs per page (3)
 *   pages        --only LIST: the pages measured (all of PAGES)
 *   json         --json FILE: where to write the figures (none)
 *   keepReports  --keep-reports DIR: where to keep Lighthouse's reports (none)
 *   reportOnly   --report-only: exit 0 even when a budget is missed
 */
const OPTIONS = {
  skipBuild: args['skip-build'],
  runs: Number(args.runs),
  pages: args.only ? args.only.split(',') : Object.keys(PAGES),
  json: args.json,
  keepReports: args['keep-reports'],
  reportOnly: args['report-only'],
};
if (!Number.isInteger(OPTIONS.runs) || OPTIONS.runs < 1) throw new Error('--runs: a whole number of at least 1');
for (const key of OPTIONS.pages) if (!PAGES[key]) throw new Error(`--only: unknown page ${key} (${Object.keys(PAGES).join(', ')})`);

const MAX_ATTEMPTS = 3;

/** One Lighthouse run in a Chromium of its own (a fresh profile, signed in first when the page needs it). */
async function lighthouseOnce(baseURL, page, reportPath) {
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launchChromium();
  try {
    const sid = page.login ? await signIn(chrome.port, baseURL, page.login) : '';
    const url = baseURL + page.path(sid);
    const flags = { port: chrome.port, output: ['html', 'json'], logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: Boolean(page.login) };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error('Lighthouse returned nothing');
    if (reportPath && !result.lhr.runtimeError) {
      writeFileSync(`${reportPath}.html`, result.report[0]);
      writeFileSync(`${reportPath}.json`, result.report[1]);
    }
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

async function measure(baseURL, key) {
  const page = PAGES[key];
  const results = [];
  for (let i = 1; i <= OPTIONS.runs; i += 1) {
    for (let attempt = 1; ; attempt += 1) {
      step(`Lighthouse ${key} run ${i}/${OPTIONS.runs}${attempt > 1 ? ` (try ${attempt})` : ''}`);
      const reportPath = OPTIONS.keepReports && path.join(OPTIONS.keepReports, `${key}-run-${i}`);
      const lhr = await lighthouseOnce(baseURL, page, reportPath);
      // A trace lost on a loaded machine (NO_NAVSTART, NO_FCP…), or a metric Lighthouse could not
      // compute (SPEEDINDEX_OF_ZERO: no screenshot taken, so no performance score), is
      // Lighthouse's hiccup, not a figure.
      if (!lhr.runtimeError && lhr.categories.performance.score !== null) {
        results.push(lhr);
        break;
      }
      if (attempt === MAX_ATTEMPTS) throw new Error(`Lighthouse: ${lhr.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : 'no performance score (a metric could not be computed)'}`);
    }
  }
  const scores = results.map((lhr) => Math.round(lhr.categories.performance.score * 100));
  const lhr = results[scores.indexOf(median(scores))];
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = [...new Set(items.filter((r) => r.resourceType === 'Script' && r.url.startsWith(baseURL)).map((r) => new URL(r.url).pathname))];
  return {
    page: page.label,
    finalUrl: lhr.finalDisplayedUrl,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    performanceScores: scores,
    performance: median(scores),
    accessibilityScores: results.map((r) => Math.round(r.categories.accessibility.score * 100)),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    clsValues: results.map((r) => r.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    speedIndexMs: audit('speed-index'),
    scripts: { count: scripts.length, ...weighBuiltFiles(scripts) },
    failedAccessibilityAudits: lhr.categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
      .map((ref) => ref.id),
  };
}

const ms = (value) => `${Math.round(value)} ms`;

function rowsOf(key, f) {
  const page = PAGES[key];
  const worstCls = Math.max(...f.clsValues);
  const rows = [
    { figure: `${f.page}: JS fetched, gzipped`, value: `${(f.scripts.gzipBytes / KB).toFixed(1)} KB (${f.scripts.count} files)`, ...(page.jsBudgetKB ? { target: `≤ ${page.jsBudgetKB} KB`, pass: f.scripts.gzipBytes <= page.jsBudgetKB * KB } : {}) },
    { figure: `${f.page}: performance (median of ${f.performanceScores.length})`, value: `${f.performance} (${f.performanceScores.join(', ')})`, target: `≥ ${page.performance}`, pass: f.performance >= page.performance },
    { figure: `${f.page}: accessibility`, value: `${f.accessibility} (${f.accessibilityScores.join(', ')})`, target: `≥ ${ACCESSIBILITY}`, pass: Math.min(...f.accessibilityScores) >= ACCESSIBILITY },
    // Lighthouse shows CLS to 3 decimals: "0" is below 0.0005 on every run.
    { figure: `${f.page}: CLS (worst run)`, value: worstCls.toFixed(3), target: '0', pass: worstCls < 0.0005 },
    { figure: `${f.page}: FCP / LCP / TBT / SI`, value: `${ms(f.fcpMs)} / ${ms(f.lcpMs)} / ${ms(f.tbtMs)} / ${ms(f.speedIndexMs)}` },
  ];
  return rows;
}

async function main() {
  if (!OPTIONS.skipBuild) buildWeb();
  const port = await freePort();
  step(`starting the product server on port ${port} (embedded database, demo data)`);
  const server = await startServer(port, 'budgets-');
  const figures = {};
  const unmeasured = {};
  try {
    if (OPTIONS.keepReports) mkdirSync(OPTIONS.keepReports, { recursive: true });
    for (const key of OPTIONS.pages) {
      // A page Lighthouse could not load (PAGE_HUNG on a loaded machine) is a missed budget,
      // not a reason to throw away the figures of the pages already measured.
      try {
        figures[key] = await measure(server.baseURL, key);
      } catch (error) {
        unmeasured[key] = error instanceof Error ? error.message : String(error);
      }
    }
  } finally {
    await server.stop();
  }
  const measured = OPTIONS.pages.filter((key) => figures[key]);
  const rows = [
    ...measured.flatMap((key) => rowsOf(key, figures[key])),
    ...Object.entries(unmeasured).map(([key, message]) => ({ figure: `${PAGES[key].label}: not measured`, value: message, target: 'measured', pass: false })),
  ];
  const index = figures[measured[0]]?.benchmarkIndex;
  console.log(`\nBudgets — Lighthouse 12, mobile, simulated slow 4G and 4× CPU, CPU benchmark index ${index}\n`);
  console.log(table(rows));
  for (const key of measured) {
    if (figures[key].failedAccessibilityAudits.length) console.log(`\n${figures[key].page}: accessibility audits not passed: ${figures[key].failedAccessibilityAudits.join(', ')}`);
  }
  if (OPTIONS.json) writeFileSync(OPTIONS.json, `${JSON.stringify(figures, null, 2)}\n`);
  const missed = rows.filter((r) => r.pass === false);
  if (missed.length) {
    console.log(`\n${missed.length} budget(s) missed: ${missed.map((r) => r.figure).join('; ')}`);
    if (!OPTIONS.reportOnly) process.exitCode = 1;
  }
}

await main();
