#!/usr/bin/env node
/**
 * Weight and Lighthouse figures of the public answering page (/m/su/{code}) on the
 * production build, served by the real product server as `npm start` serves it (API and
 * built web app on one port, the embedded PostgreSQL server with the demo data, a temporary data
 * folder, a free port). docs/PERFORMANCE.md "Answering page weight and Lighthouse".
 *
 *   npm run figures:answer -- [--skip-build] [--runs N] [--strict] [--port P] [--json FILE] [--keep-reports DIR]
 *
 * --skip-build    use apps/web/dist as it is
 * --runs N        Lighthouse runs (default 3); the run with the median performance score is reported
 * --strict        exit 1 when a figure misses its target (else the table only says so)
 * --port P        port of the server (default: one the system gives)
 * --json FILE     also write the figures as JSON
 * --keep-reports DIR  write each Lighthouse report there (HTML to read, JSON to compare)
 *
 * Chromium: CHROME_PATH (default /usr/bin/chromium); nothing is downloaded.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { firstLoadOf, weighBuiltFiles } from './first-load-js.mjs';
import { findPublicSurvey } from './lib/demo-survey.mjs';
import { buildWeb, freePort, median, startServer, step, table } from './lib/product-server.mjs';

const KB = 1024;

const { values: args } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    strict: { type: 'boolean', default: false },
    port: { type: 'string' },
    json: { type: 'string' },
    'keep-reports': { type: 'string' },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a whole number of at least 1');

const MAX_ATTEMPTS = 3;

/** One Lighthouse run in a Chromium of its own (a fresh profile: no service worker, empty caches). */
async function lighthouseOnce(url, chromeLauncher, lighthouse, reportPath) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: ['html', 'json'], logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
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

/** Lighthouse's defaults: mobile form factor, simulated throttling (slow 4G, 4× CPU), a fresh profile per run. */
async function runLighthouse(url, count, reportDir) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const results = [];
  for (let i = 1; i <= count; i += 1) {
    // A trace lost on a loaded machine (NO_NAVSTART, NO_FCP…) is Lighthouse's hiccup, not a figure: tried again.
    for (let attempt = 1; ; attempt += 1) {
      step(`Lighthouse run ${i}/${count} on ${url}${attempt > 1 ? ` (try ${attempt})` : ''}`);
      const lhr = await lighthouseOnce(url, chromeLauncher, lighthouse, reportDir && path.join(reportDir, `answer-page-run-${i}`));
      if (!lhr.runtimeError) {
        results.push(lhr);
        break;
      }
      if (attempt === MAX_ATTEMPTS) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      step(`Lighthouse failed (${lhr.runtimeError.code}); trying again`);
    }
  }
  const scores = results.map((lhr) => lhr.categories.performance.score);
  const chosen = results.find((lhr) => lhr.categories.performance.score === median(scores));
  return { lhr: chosen, performanceScores: scores.map((s) => Math.round(s * 100)), accessibilityScores: results.map((lhr) => Math.round(lhr.categories.accessibility.score * 100)) };
}

/** The JavaScript a first load actually fetched (dynamic imports included), from Lighthouse's network records. */
function scriptsFetched(lhr, baseURL) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = items.filter((r) => r.resourceType === 'Script' && r.url.startsWith(baseURL));
  const paths = [...new Set(scripts.map((r) => new URL(r.url).pathname))];
  return { paths, transferBytes: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0), ...weighBuiltFiles(paths) };
}

const ms = (value) => `${Math.round(value)} ms`;

async function main() {
  if (!args['skip-build']) buildWeb();
  const htmlLoad = firstLoadOf('answer.html');
  const port = args.port ? Number(args.port) : await freePort();
  step(`starting the product server on port ${port} (embedded database, demo data)`);
  const server = await startServer(port, 'answer-figures-');
  try {
    const survey = await findPublicSurvey(server.baseURL);
    const url = `${server.baseURL}/m/su/${survey.code}`;
    step(`survey ${survey.code} « ${survey.title} » (${survey.questions} questions)`);
    if (args['keep-reports']) mkdirSync(args['keep-reports'], { recursive: true });
    const { lhr, performanceScores, accessibilityScores } = await runLighthouse(url, runs, args['keep-reports']);
    const fetched = scriptsFetched(lhr, server.baseURL);
    const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const performance = Math.round(lhr.categories.performance.score * 100);
    const accessibility = Math.round(lhr.categories.accessibility.score * 100);
    const figures = {
      url: `/m/su/${survey.code}`,
      lighthouse: lhr.lighthouseVersion,
      runs,
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      htmlScripts: { count: htmlLoad.scripts.length, gzipBytes: htmlLoad.gzipBytes, rawBytes: htmlLoad.rawBytes },
      fetchedScripts: { count: fetched.paths.length, gzipBytes: fetched.gzipBytes, rawBytes: fetched.rawBytes, transferBytes: fetched.transferBytes, paths: fetched.paths },
      performance,
      performanceScores,
      accessibility,
      accessibilityScores,
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      speedIndexMs: audit('speed-index'),
      failedAccessibilityAudits: lhr.categories.accessibility.auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
        .map((ref) => ref.id),
    };
    const rows = [
      { figure: 'JS of first load, gzipped (all scripts fetched)', value: `${(fetched.gzipBytes / KB).toFixed(1)} KB (${fetched.paths.length} files)`, target: '≤ 100 KB', pass: fetched.gzipBytes <= 100 * KB },
      { figure: '  of which in answer.html (entry + modulepreload)', value: `${(htmlLoad.gzipBytes / KB).toFixed(1)} KB (${htmlLoad.scripts.length} files)` },
      { figure: '  as transferred (bodies and response headers)', value: `${(fetched.transferBytes / KB).toFixed(1)} KB` },
      { figure: `Lighthouse performance (median of ${runs})`, value: `${performance} (${performanceScores.join(', ')})`, target: '≥ 90', pass: performance >= 90 },
      { figure: 'Lighthouse accessibility', value: `${accessibility}`, target: '≥ 95', pass: accessibility >= 95 },
      { figure: 'First Contentful Paint', value: ms(figures.fcpMs) },
      { figure: 'Largest Contentful Paint', value: ms(figures.lcpMs) },
      { figure: 'Total Blocking Time', value: ms(figures.tbtMs) },
      { figure: 'Cumulative Layout Shift', value: figures.cls.toFixed(3) },
      { figure: 'Speed Index', value: ms(figures.speedIndexMs) },
    ];
    console.log(`\nAnswering page ${figures.url} — Lighthouse ${figures.lighthouse}, mobile, simulated slow 4G, CPU benchmark index ${figures.benchmarkIndex}\n`);
    console.log(table(rows));
    if (figures.failedAccessibilityAudits.length) console.log(`\nAccessibility audits not passed: ${figures.failedAccessibilityAudits.join(', ')}`);
    if (args.json) writeFileSync(args.json, `${JSON.stringify(figures, null, 2)}\n`);
    const missed = rows.filter((r) => r.pass === false);
    if (missed.length && args.strict) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
