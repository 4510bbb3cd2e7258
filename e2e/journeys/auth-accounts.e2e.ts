import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { signInUi, storedAccountKeys } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

describe.skipIf(!hasBrowser)('two accounts side by side in one browser', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let context: BrowserContext;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    context = await browser.newContext({ baseURL, locale: 'fr-FR' });
  });
  afterAll(() => close?.());

  it('keeps an agent and an admin open in two path sessions, each calling as itself', async () => {
    const agentPage = await context.newPage();
    await agentPage.goto('/auth/login');
    const agentSid = await signInUi(agentPage, 'agent@demo.cm');
    expect(new URL(agentPage.url()).pathname).toBe(`/${agentSid}/business`);
    await agentPage.getByTestId('active-company').waitFor();
    expect(await agentPage.getByTestId('active-company-code').textContent()).toBe('DEMSRL');

    // A second tab of the same browser: without force, sign-in would send it home (rule 5).
    const adminPage = await context.newPage();
    await adminPage.goto('/auth/login');
    await adminPage.waitForURL(`**/${agentSid}/business`);
    await adminPage.goto('/auth/login?force=true');
    const adminSid = await signInUi(adminPage, 'admin@demo.cm');
    expect(adminSid).not.toBe(agentSid);
    expect(new URL(adminPage.url()).pathname).toBe(`/${adminSid}/mnt`);
    // The admin home reads counts from the API with the admin's own token.
    await adminPage.getByTestId('admin-home').waitFor();
    await adminPage.getByTestId('companies-total').filter({ hasText: /^\d+$/ }).waitFor();
    expect(Number(await adminPage.getByTestId('companies-total').textContent())).toBeGreaterThanOrEqual(2);

    expect(await storedAccountKeys(adminPage)).toEqual([`account.${agentSid}`, `account.${adminSid}`].sort());

    // Both survive a reload, each on its own path with its own account.
    await agentPage.reload();
    await agentPage.getByTestId('active-company').waitFor();
    expect(await agentPage.getByTestId('account-menu').getAttribute('aria-label')).toBe('AN · Compte de Alain Ndongo');
    await adminPage.reload();
    await adminPage.getByTestId('admin-home').waitFor();

    // The agent session may not open the admin area; the admin session may.
    await agentPage.goto(`/${agentSid}/mnt`);
    await agentPage.waitForURL('**/error/403');
    await adminPage.goto(`/${adminSid}/mnt`);
    await adminPage.getByTestId('admin-home').waitFor();

    // Signing one out leaves the other signed in.
    await adminPage.goto(`/${adminSid}/auth/logout`);
    await adminPage.waitForURL((url) => !url.pathname.includes(adminSid));
    expect(await storedAccountKeys(agentPage)).toEqual([`account.${agentSid}`]);
    await agentPage.goto(`/${agentSid}/business`);
    await agentPage.getByTestId('business-home').waitFor();
  });
});
