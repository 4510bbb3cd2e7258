/**
 * The Chromium the Lighthouse scripts drive (scripts/budgets.mjs,
 * answer-page-offline-figures.mjs), and signing a demo person in it as a person would.
 * Chromium: CHROME_PATH (default /usr/bin/chromium); nothing is downloaded.
 */
export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The demo data's password, every demo person's (apps/api/src/demo/demo.ts). */
export const DEMO_PASSWORD = 'Demo2026!';

/**
 * A Chromium for Lighthouse (chrome-launcher). `handleSIGINT: false` for a caller that stops
 * its processes itself on an interrupt (stop-on-interrupt.mjs): chrome-launcher's own
 * handler kills Chromium and exits the process at once, before the caller's server stops.
 */
export async function launchChromium({ handleSIGINT = true } = {}) {
  const chromeLauncher = await import('chrome-launcher');
  return chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent', handleSIGINT });
}

/** Runs `use` with the default browser context of the Chromium on that debugging port (Playwright over CDP), then disconnects: the Chromium stays. */
export async function withChromium(port, use) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    return await use(browser.contexts()[0]);
  } finally {
    // Connected over CDP: this disconnects, the Chromium stays for Lighthouse.
    await browser.close();
  }
}

/**
 * Signs in on the login page in the Chromium Lighthouse will drive, then empties `empty`
 * (Storage.clearDataForOrigin's storage types: its caches and service workers by default)
 * and the HTTP cache, but keeps localStorage, where the app keeps the session
 * (`account.{sid}`). Returns the session id.
 */
export async function signIn(port, baseURL, login, { empty = 'service_workers,cache_storage' } = {}) {
  return withChromium(port, async (context) => {
    const page = await context.newPage();
    await page.goto(`${baseURL}/auth/login`);
    const form = page.getByTestId('login-form');
    await form.getByLabel(/Identifiant/).fill(login);
    await form.getByLabel(/Mot de passe/).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => /^\/[a-z0-9]{6}\//.test(url.pathname), { timeout: 120_000 });
    const sid = new URL(page.url()).pathname.split('/')[1];
    // Off the app first, so that no page of it writes again what is emptied.
    await page.goto('about:blank');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: baseURL, storageTypes: empty });
    await cdp.send('Network.clearBrowserCache');
    await page.close();
    return sid;
  });
}
