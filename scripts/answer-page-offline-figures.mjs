#!/usr/bin/env node
/**
 * Lighthouse 12 mobile on the answering page (/m/su/{code}) over a simulated slow 3G line:
 * a first load (fresh profile: no service worker, empty caches), then a reload with the
 * server gone, served by the service worker as a field agent's phone does in a dead zone.
 * The production build, served by the real product server as `npm start` serves it
 * (embedded PostgreSQL with the demo data, a temporary data folder, a free port).
 * docs/PERFORMANCE.md "Answering page over slow 3G, and offline".
 *
 *   npm run figures:answer-offline -- [--skip-build] [--port P] [--json FILE] [--keep-reports DIR]
 *
 * Take figures on a quiet machine only: Lighthouse scales its simulated CPU by the
 * machine's own speed, and a loaded one gives meaningless numbers.
 *
 * The offline reload stops the server rather than cutting the browser's network:
 * Lighthouse sets the network conditions itself at each navigation (and would turn an
 * emulated "offline" back on), while a server that no longer answers is what the service
 * worker meets in a dead zone: every request fails, and only what it keeps is shown.
 *
 * Chromium: CHROME_PATH (default /usr/bin/chromium); nothing is downloaded.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findPublicSurvey } from './lib/demo-survey.mjs';
import { buildWeb, freePort, startServer, step, table } from './lib/product-server.mjs';

const { values: args } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    port: { type: 'string' },
    json: { type: 'string' },
    'keep-reports': { type: 'string' },
  },
});

/**
 * Slow 3G as Chrome DevTools and Lighthouse's documentation define it (400 ms round trip,
 * 400 Kbit/s), with Lighthouse's mobile CPU slowdown (4×); the request latency and
 * throughputs derived as in Lighthouse's own presets (lighthouse/core/config/constants.js).
 */
const SLOW_3G = {
  rttMs: 400,
  throughputKbps: 400,
  requestLatencyMs: 400 * 3.75,
  downloadThroughputKbps: 400 * 0.9,
  uploadThroughputKbps: 400 * 0.9,
  cpuSlowdownMultiplier: 4,
};

const CONFIG = {
  extends: 'lighthouse:default',
  settings: { onlyCategories: ['performance'], formFactor: 'mobile', throttlingMethod: 'simulate', throttling: SLOW_3G },
};

const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '—');
const KB = 1024;

const MAX_ATTEMPTS = 3;

/** One Lighthouse navigation; a trace lost on a loaded machine (NO_NAVSTART, NO_FCP…) is tried again. */
async function lighthouseRun(lighthouse, url, port, flags, reportPath) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, output: ['html', 'json'], logLevel: 'error', ...flags }, CONFIG);
    if (!result) throw new Error('Lighthouse returned nothing');
    const error = result.lhr.runtimeError;
    if (!error) {
      if (reportPath) {
        writeFileSync(`${reportPath}.html`, result.report[0]);
        writeFileSync(`${reportPath}.json`, result.report[1]);
      }
      return result.lhr;
    }
    if (attempt === MAX_ATTEMPTS) throw new Error(`Lighthouse: ${error.code} ${error.message}`);
    step(`Lighthouse failed (${error.code}); trying again`);
  }
}

function figuresOf(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    speedIndexMs: audit('speed-index'),
    interactiveMs: audit('interactive'),
    requests: requests.length,
    transferBytes: requests.reduce((n, r) => n + (r.transferSize ?? 0), 0),
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

/**
 * Installs the app's service worker the way a field agent gets it: the app opened once
 * (it registers the worker, which precaches the build), then the answering page opened
 * online (the worker keeps it, the page keeps the survey's definition).
 */
async function installForOffline(puppeteer, port, baseURL, url) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  try {
    await page.goto(`${baseURL}/`, { waitUntil: 'load' });
    // Active means installed: the precache is complete.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      if (!registration.active) throw new Error('no active service worker');
    });
    await page.goto(url, { waitUntil: 'networkidle0' });
    const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
    if (!controlled) throw new Error('the answering page is not under the service worker');
  } finally {
    await page.close();
    browser.disconnect();
  }
}

async function main() {
  if (!args['skip-build']) buildWeb();
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const { default: puppeteer } = await import('puppeteer-core');
  const port = args.port ? Number(args.port) : await freePort();
  step(`starting the product server on port ${port} (embedded database, demo data)`);
  const server = await startServer(port, 'answer-offline-figures-');
  let serverUp = true;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    logLevel: 'silent',
  });
  try {
    const survey = await findPublicSurvey(server.baseURL);
    const url = `${server.baseURL}/m/su/${survey.code}`;
    step(`survey ${survey.code} « ${survey.title} » (${survey.questions} questions)`);
    const reports = args['keep-reports'];
    if (reports) mkdirSync(reports, { recursive: true });

    step('Lighthouse: first load over simulated slow 3G (storage and caches emptied first)');
    const first = figuresOf(await lighthouseRun(lighthouse, url, chrome.port, { disableStorageReset: false }, reports && path.join(reports, 'answer-first-load-slow-3g')));

    step('installing the service worker (the app opened once, then the answering page online)');
    await installForOffline(puppeteer, chrome.port, server.baseURL, url);
    step('stopping the server: from now on only the service worker answers');
    await server.stop();
    serverUp = false;

    step('Lighthouse: reload with no server, served by the service worker');
    const offline = figuresOf(await lighthouseRun(lighthouse, url, chrome.port, { disableStorageReset: true }, reports && path.join(reports, 'answer-offline-reload')));

    const rows = (label, f) => [
      { figure: `${label}: Lighthouse performance`, value: String(f.performance) },
      { figure: `${label}: First Contentful Paint`, value: ms(f.fcpMs) },
      { figure: `${label}: Largest Contentful Paint`, value: ms(f.lcpMs) },
      { figure: `${label}: Total Blocking Time`, value: ms(f.tbtMs) },
      { figure: `${label}: Speed Index`, value: ms(f.speedIndexMs) },
      { figure: `${label}: Time to Interactive`, value: ms(f.interactiveMs) },
      { figure: `${label}: requests, bytes transferred`, value: `${f.requests}, ${(f.transferBytes / KB).toFixed(1)} KB` },
    ];
    console.log(`\nAnswering page /m/su/${survey.code} — Lighthouse 12, mobile, simulated slow 3G (400 ms RTT, 400 Kbit/s, 4× CPU), CPU benchmark index ${first.benchmarkIndex}\n`);
    console.log(table([...rows('First load', first), ...rows('Offline reload', offline)]));
    if (args.json) writeFileSync(args.json, `${JSON.stringify({ url: `/m/su/${survey.code}`, throttling: SLOW_3G, firstLoad: first, offlineReload: offline }, null, 2)}\n`);
  } finally {
    await chrome.kill();
    if (serverUp) await server.stop();
  }
}

await main();
