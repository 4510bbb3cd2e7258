import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * axe-core on every page state a journey reaches (issue 23): every browser context the
 * journeys open (launchBrowser) gets axe and a small watcher in each document. The watcher
 * runs axe once the page has stopped changing for a moment after each change (a route, a
 * dialog, a list that arrived) and hands the serious and critical violations to Node; the
 * end of every test (support/accessibility-setup.ts) scans the pages still open once more
 * and fails the test with the rule, the element and the page.
 */

export interface A11yViolation {
  url: string;
  rule: string;
  impact: string;
  help: string;
  nodes: Array<{ target: string; html: string }>;
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs in every document of a watched context, main frame only. The quiet period is how the
 * watcher waits for a state to settle (it is not a test's wait): a scan in the middle of a
 * transition would judge half-faded colours.
 */
const WATCHER = `(() => {
  // Main frame of a real page only: the blank page a new tab starts on is nobody's screen.
  if (window.top !== window || window.__a11yWatcher || location.protocol === 'about:') return;
  window.__a11yWatcher = true;
  const QUIET_MS = 400;
  let timer = 0, running = null, again = false;
  const seen = new Set();
  // A page state: the address, the colour scheme (the dark look is judged too), the overlays
  // open, and whether something is still loading (so the loaded page is scanned after its
  // loading state). A state seen once is not scanned again.
  const stateKey = () => location.pathname + location.search + '|' +
    (document.documentElement.getAttribute('data-mantine-color-scheme') || document.documentElement.getAttribute('data-scheme') || '') + '|' +
    document.querySelectorAll('[role=dialog],[role=alertdialog],[role=menu],[role=listbox],[role=tooltip]').length + '|' +
    document.querySelectorAll('[aria-busy=true],.mantine-Loader-root,.mantine-Skeleton-root').length;
  async function scan(force) {
    if (running) { again = true; return running; }
    const key = stateKey();
    if (!force && seen.has(key)) return;
    running = (async () => {
      try {
        // What a person judges is the state a transition ends in (a dialog fading in is not
        // yet its colours): finite animations and transitions first run out (spinners loop forever, capped).
        const ending = document.getAnimations().filter((a) => a.effect && a.effect.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined));
        await Promise.race([Promise.all(ending), new Promise((resolve) => setTimeout(resolve, 2000))]);
        // label-content-name-mismatch (WCAG 2.5.3) is off in axe by default: the header's buttons need it.
        const result = await window.axe.run(document, { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } });
        seen.add(key);
        const violations = result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 300) })) }));
        if (violations.length && window.__a11yReport) await window.__a11yReport({ url: location.href, violations });
      } catch (error) {
        // A document unloading under the scan: the next document is scanned on its own.
      }
    })();
    await running;
    running = null;
    if (again) { again = false; schedule(); }
  }
  function schedule() { clearTimeout(timer); timer = setTimeout(() => scan(false), QUIET_MS); }
  window.__a11yScanNow = () => { clearTimeout(timer); return scan(true); };
  const start = () => {
    new MutationObserver(schedule).observe(document.documentElement, { subtree: true, childList: true, attributes: true });
    schedule();
  };
  if (document.documentElement) start(); else document.addEventListener('DOMContentLoaded', start);
})();`;

const watched = new Set<BrowserContext>();
let found: A11yViolation[] = [];

/** Puts axe and the watcher in every document the context opens from now on. */
export async function watchAccessibility(context: BrowserContext): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  context.once('close', () => watched.delete(context));
  await context.exposeBinding('__a11yReport', (_source, report: { url: string; violations: Omit<A11yViolation, 'url'>[] }) => {
    for (const v of report.violations) found.push({ url: report.url, ...v });
  });
  await context.addInitScript({ content: `${AXE_SOURCE}\n;${WATCHER}` });
}

/**
 * Scans the page's current state now, for a state the test leaves at once (the watcher waits
 * for a quiet moment, which a next click may never give).
 */
export async function scanPageNow(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { __a11yScanNow?: () => Promise<void> }).__a11yScanNow?.());
}

async function scanOpenPages(): Promise<void> {
  const pages: Page[] = [...watched].flatMap((context) => context.pages()).filter((page) => !page.isClosed());
  await Promise.all(
    pages.map((page) =>
      page
        .evaluate(() => (window as unknown as { __a11yScanNow?: () => Promise<void> }).__a11yScanNow?.())
        // A page closing or navigating meanwhile: its states were scanned as they came.
        .catch(() => undefined),
    ),
  );
}

/** One line per rule and page, with the elements (CSS path and markup). */
export function describeViolations(violations: A11yViolation[]): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const v of violations) {
    const page = new URL(v.url).pathname + new URL(v.url).search;
    const key = `${v.rule}|${page}|${v.nodes.map((n) => n.target).join(',')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(`axe ${v.impact}: ${v.rule} (${v.help}) on ${page}`);
    for (const n of v.nodes) lines.push(`    ${n.target}   ${n.html}`);
  }
  return lines.join('\n');
}

/** Scans the pages still open, then returns (and forgets) every violation seen since the last call. */
export async function takeViolations(): Promise<A11yViolation[]> {
  await scanOpenPages();
  const taken = found;
  found = [];
  return taken;
}
