#!/usr/bin/env node
/**
 * Lighthouse 12 mobile over a simulated slow 3G line, on the pages a field agent opens in a
 * dead zone (issue 21): a first load (no service worker, empty caches), then a reload with
 * the server gone, served by the service worker as the phone's installed app is.
 *   answer   the public answering page (/m/su/{code}), nobody signed in;
 *   my-day   "Ma journée" (/{sid}/workday) of the demo supervisor, signed in on the login
 *            page as a person would; the first load with the service worker, caches,
 *            IndexedDB and HTTP cache emptied (only the session, in localStorage, kept).
 * The production build, served by the real product server as `npm start` serves it
 * (embedded PostgreSQL with the demo data, a temporary data folder, a free port).
 * docs/PERFORMANCE.md "Answering page and "Ma journée" over slow 3G, and offline".
 *
 *   npm run figures:answer-offline -- [--page answer|my-day|all] [--skip-build] [--port P] [--json FILE] [--keep-reports DIR]
 *
 * Take figures on a quiet machine only: Lighthouse scales its simulated CPU by the
 * machine's own speed, and a loaded one gives meaningless numbers.
 *
 * The offline reload stops the server rather than cutting the browser's network:
 * Lighthouse sets the network conditions itself at each navigation (and would turn an
 * emulated "offline" back on), while a server that no longer answers is what the service
 * worker meets in a dead zone: every request fails, and only what it keeps is shown.
 *
 * Whatever happens (success, failure, Ctrl-C or SIGTERM), the server, its embedded
 * PostgreSQL and the Chromiums are stopped before the script exits.
 *
 * Chromium: CHROME_PATH (default /usr/bin/chromium); nothing is downloaded.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findPublicSurvey } from './lib/demo-survey.mjs';
import { buildWeb, freePort, spawnServer, step, table } from './lib/product-server.mjs';
import { launchChromium, signIn, withChromium } from './lib/signed-in-chromium.mjs';
import { underServiceWorker, untilServiceWorkerActive } from './lib/service-worker-wait.mjs';
import { stopOnInterrupt } from './lib/stop-on-interrupt.mjs';

const PAGE_CHOICES = ['answer', 'my-day'];

const { values: args } = parseArgs({
  options: {
    page: { type: 'string', default: 'all' },
    'skip-build': { type: 'boolean', default: false },
    port: { type: 'string' },
    json: { type: 'string' },
    'keep-reports': { type: 'string' },
  },
});
if (args.page !== 'all' && !PAGE_CHOICES.includes(args.page)) throw new Error(`--page: ${PAGE_CHOICES.join(', ')} or all, not ${args.page}`);
const PAGES = args.page === 'all' ? PAGE_CHOICES : [args.page];

/** The demo supervisor: "Ma journée" lists his monitors of Démo SARL's agencies (apps/api/src/demo/demo-supervision.ts). */
const SUPERVISOR = 'herve.tchamba@demo.cm';

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

/**
 * A cap, not a measure: on a loaded 2-core machine a navigation can take long; past it
 * the run stops and says what did not happen (the service worker's own: lib/service-worker-wait.mjs).
 */
const PAGE_CAP_MS = 120_000;

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
    finalUrl: lhr.finalDisplayedUrl,
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
 * Each page measured: `prepare` (once the server answers, in its own Chromium) gives its
 * path, its label in the figures and Lighthouse's flags for the first load; `install` opens it online as the agent does
 * before losing the network; `checkOffline` says what a correct offline reload shows.
 */
const SUBJECTS = {
  answer: {
    async prepare(baseURL) {
      const survey = await findPublicSurvey(baseURL);
      step(`answering page: survey ${survey.code} « ${survey.title} » (${survey.questions} questions)`);
      // Lighthouse empties storage and caches itself: nobody is signed in.
      return { path: `/m/su/${survey.code}`, label: `/m/su/${survey.code}`, firstLoadFlags: { disableStorageReset: false } };
    },
    /**
     * The app opened once (it registers the worker, which precaches the build), then the
     * answering page online (the worker keeps it, the page keeps the survey's definition).
     * Only the app's shell registers the worker, not the light pages (answer.html, auth.html),
     * and `/` forwards a signed-out visitor to the light sign-in page: the shell is opened on
     * a public page it renders itself, the privacy policy.
     */
    async install(page, baseURL, url) {
      await page.goto(`${baseURL}/platform/privacy-policy`, { waitUntil: 'load' });
      await untilServiceWorkerActive(page, 'answering page, the app (privacy policy) opened online');
      await page.goto(url, { waitUntil: 'networkidle' });
      await underServiceWorker(page, 'answering page opened online');
    },
  },
  'my-day': {
    async prepare(baseURL, chromePort) {
      // Signed in, then everything but the session emptied: a first load of a signed-in agent's phone.
      const sid = await signIn(chromePort, baseURL, SUPERVISOR, { empty: 'service_workers,cache_storage,indexeddb' });
      step(`"Ma journée": ${SUPERVISOR} signed in, session ${sid}`);
      return { path: `/${sid}/workday`, label: '"Ma journée" /{sid}/workday', firstLoadFlags: { disableStorageReset: true } };
    },
    /** "Ma journée" opened online: the day is kept in IndexedDB (the page says "live" once kept), the worker precaches the build. */
    async install(page, _baseURL, url) {
      await page.goto(url, { waitUntil: 'load' });
      await untilServiceWorkerActive(page, '"Ma journée" opened online');
      await underServiceWorker(page, '"Ma journée" opened online');
      await page.getByRole('heading', { level: 1, name: 'Ma journée' }).waitFor().catch((cause) => {
        throw new Error('"Ma journée" opened online: its heading did not show', { cause });
      });
      await page.locator('[data-testid="workday-freshness"][data-live="true"]').waitFor().catch((cause) => {
        throw new Error('"Ma journée" opened online: the day was not received from the server and kept (no "live" freshness)', { cause });
      });
    },
    /** With the server gone the page shows the kept day, not "live". */
    async checkOffline(page, url) {
      await page.goto(url, { waitUntil: 'load' });
      await page.locator('[data-testid="workday-freshness"][data-live="false"]').waitFor().catch((cause) => {
        throw new Error('"Ma journée" reloaded with the server stopped: the kept day did not show', { cause });
      });
    },
  },
};

/** Runs `use` in a new page of the Chromium on that port, with the caps above. */
function inPage(chromePort, use) {
  return withChromium(chromePort, async (context) => {
    const page = await context.newPage();
    page.setDefaultTimeout(PAGE_CAP_MS);
    try {
      return await use(page);
    } finally {
      await page.close();
    }
  });
}

function rowsOf(label, f) {
  return [
    { figure: `${label}: Lighthouse performance`, value: String(f.performance) },
    { figure: `${label}: First Contentful Paint`, value: ms(f.fcpMs) },
    { figure: `${label}: Largest Contentful Paint`, value: ms(f.lcpMs) },
    { figure: `${label}: Total Blocking Time`, value: ms(f.tbtMs) },
    { figure: `${label}: Speed Index`, value: ms(f.speedIndexMs) },
    { figure: `${label}: Time to Interactive`, value: ms(f.interactiveMs) },
  ];
}

/** A process of the run, stopped once however many times it is asked to. */
function once(stop) {
  let stopping;
  return () => {
    stopping ??= Promise.resolve().then(stop);
    return stopping;
  };
}

async function main() {
  if (!args['skip-build']) buildWeb();
  const { default: lighthouse } = await import('lighthouse');
  // The run's processes, stopped in the reverse order of their start: on success, on a
  // failure and on an interrupt alike.
  const running = [];
  const stopAll = async () => {
    for (const stop of [...running].reverse()) await stop().catch((error) => console.error(error));
  };
  const stopListening = stopOnInterrupt(stopAll);
  try {
    const port = args.port ? Number(args.port) : await freePort();
    step(`starting the product server on port ${port} (embedded database, demo data)`);
    const server = spawnServer(port, 'answer-offline-figures-');
    const stopServer = once(server.stop);
    running.push(stopServer);
    await server.untilHealthy();
    const reports = args['keep-reports'];
    if (reports) mkdirSync(reports, { recursive: true });

    // Online: each page in a Chromium of its own (a fresh profile), first load then installed.
    const measured = [];
    for (const key of PAGES) {
      const chrome = await launchChromium({ handleSIGINT: false });
      running.push(once(() => chrome.kill()));
      const subject = SUBJECTS[key];
      const { path: pagePath, label, firstLoadFlags } = await subject.prepare(server.baseURL, chrome.port);
      const url = server.baseURL + pagePath;
      step(`${key}: Lighthouse, first load over simulated slow 3G (no service worker, caches emptied)`);
      const first = figuresOf(await lighthouseRun(lighthouse, url, chrome.port, firstLoadFlags, reports && path.join(reports, `${key}-first-load-slow-3g`)));
      step(`${key}: installing for offline use (opened online, service worker activated)`);
      await inPage(chrome.port, (page) => subject.install(page, server.baseURL, url));
      measured.push({ key, subject, chrome, pagePath, label, url, first });
    }

    step('stopping the server: from now on only the service workers answer');
    await stopServer();

    for (const m of measured) {
      step(`${m.key}: Lighthouse, reload with no server, served by the service worker`);
      m.offline = figuresOf(await lighthouseRun(lighthouse, m.url, m.chrome.port, { disableStorageReset: true }, reports && path.join(reports, `${m.key}-offline-reload`)));
      // A reload sent elsewhere (the sign-in page: the session lost) would measure another
      // page. Online, /m/su/{code} itself forwards to /web/surveys/contribution/{code}.
      if (m.offline.finalUrl !== m.first.finalUrl) throw new Error(`${m.key}: the offline reload ended on ${m.offline.finalUrl}, the first load on ${m.first.finalUrl}`);
      if (m.subject.checkOffline) await inPage(m.chrome.port, (page) => m.subject.checkOffline(page, m.url));
    }

    const rows = measured.flatMap((m) => [
      ...rowsOf(`${m.label} first load`, m.first),
      { figure: `${m.label} first load: requests, bytes transferred`, value: `${m.first.requests}, ${(m.first.transferBytes / KB).toFixed(1)} KB` },
      ...rowsOf(`${m.label} offline reload`, m.offline),
      // Nothing can come from the network: the server is stopped; every byte is the service worker's.
      { figure: `${m.label} offline reload: requests, bytes from the network`, value: `${m.offline.requests}, ${m.offline.transferBytes} B`, target: '0 B', pass: m.offline.transferBytes === 0 },
    ]);
    console.log(`\nLighthouse 12, mobile, simulated slow 3G (400 ms RTT, 400 Kbit/s, 4× CPU), CPU benchmark index ${measured[0].first.benchmarkIndex}\n`);
    console.log(table(rows));
    if (args.json) {
      const pages = Object.fromEntries(measured.map((m) => [m.key, { url: m.pagePath, firstLoad: m.first, offlineReload: m.offline }]));
      writeFileSync(args.json, `${JSON.stringify({ throttling: SLOW_3G, pages }, null, 2)}\n`);
    }
    if (rows.some((r) => r.pass === false)) process.exitCode = 1;
  } finally {
    await stopAll();
    stopListening();
  }
}

await main();
