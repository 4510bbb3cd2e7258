import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../apps/api/src/db/embedded/free-port';
import { type EnvelopeReceiver, startEnvelopeReceiver } from '../../apps/api/src/test/envelope-receiver';
import { explainFailures, launchBrowser } from '../support/browser';
import { callApi, signInApi } from './auth-support';

const sharedURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');
const root = path.resolve(import.meta.dirname, '../..');

/**
 * A second server over the same web build, reporting to the local receiver, and telling its
 * pages to (SENTRY_DSN and SENTRY_BROWSER_DSN are read at start, so the run's shared server,
 * which has neither, cannot be switched on).
 */
async function startServerWithDsn(dsn: string, browserDsn: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-sentry-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', SENTRY_DSN: dsn, SENTRY_BROWSER_DSN: browserDsn, SENTRY_ENVIRONMENT: 'e2e' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // A cap, not a timing assertion: a first start (migrations, demo data) on a loaded machine is slow.
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    if (await fetch(`${url}/api/v2/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('server with a DSN not healthy in time');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo agent publishes a one-step survey with a free-text question. */
async function publishSurvey(baseURL: string, title: string): Promise<{ code: string }> {
  const agent = await signInApi(baseURL, 'agent@demo.cm');
  const survey = await callApi<{ id: number; code: string }>(baseURL, 'surveys', { session: agent, body: { title } });
  const step = await callApi<{ id: number }>(baseURL, 'steps', { session: agent, body: { survey_id: survey.id, title: 'Votre avis' } });
  await callApi(baseURL, 'questions', { session: agent, body: { step_id: step.id, label: 'Votre remarque', type: 'long_text', required: true } });
  await callApi(baseURL, `surveys/${survey.id}/submit`, { session: agent, body: {} });
  await callApi(baseURL, `surveys/${survey.id}/publish`, { session: agent, body: {} });
  return survey;
}

/** An uncaught error thrown by the page's own code, carrying what a careless message would. */
async function throwInPage(page: Page, message: string): Promise<void> {
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);
}

describe.skipIf(!hasBrowser)('error reporting of the web pages', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  // The pages' receiver, and the API's: the API keeps sending traces in the background.
  let receiver: EnvelopeReceiver;
  let apiReceiver: EnvelopeReceiver;
  let server: { url: string; stop(): Promise<void> } | undefined;
  let page: Page | undefined;
  explainFailures(() => page);

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    receiver = await startEnvelopeReceiver();
    apiReceiver = await startEnvelopeReceiver(4343);
    server = await startServerWithDsn(apiReceiver.dsn, receiver.dsn);
  });
  afterAll(async () => {
    await close?.();
    await server?.stop();
    await receiver?.close();
    await apiReceiver?.close();
  });

  it('with a DSN, an error thrown in the answering page reaches the receiver without the answers, tokens or codes around it', async () => {
    const run = Date.now().toString(36);
    const baseURL = server!.url;
    const survey = await publishSurvey(baseURL, `Rapport d’erreurs ${run}`);
    const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
    page = await context.newPage();
    const name = `Awa Sentry${run}`;
    const answer = `Ma réponse confidentielle ${run}`;
    const token = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI5In0.${run}`;

    await page.goto(`/m/su/${survey.code}?code=${run}42`);
    await page.getByRole('heading', { name: `Rapport d’erreurs ${run}` }).waitFor();
    await page.getByLabel(/^Nom/).fill(name);
    await page.getByLabel(/^Téléphone/).fill('6 77 12 34 56');
    await page.getByRole('button', { name: 'Commencer' }).click();
    await page.getByLabel(/^Votre remarque/).fill(answer);
    // The SDK is there once the page has loaded and the server has named the DSN.
    await expect.poll(() => page!.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('sentry-client'))), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page!.evaluate(() => '__SENTRY__' in globalThis), { timeout: 30_000 }).toBe(true);

    await throwInPage(page, `boom for awa.${run}@exemple.cm with Bearer ${token}`);
    await expect.poll(() => receiver.items('event').length, { timeout: 30_000 }).toBeGreaterThan(0);
    // Replay on error (rate 1): the recording around the error follows.
    await expect.poll(() => receiver.items('replay_recording').length, { timeout: 60_000 }).toBeGreaterThan(0);

    const event = receiver.items('event')[0].payload as { environment: string; exception: { values: Array<{ value: string }> }; request?: { url?: string }; tags?: Record<string, string> };
    expect(event.environment).toBe('e2e');
    expect(event.tags?.page).toBe('answer');
    expect(event.exception.values[0].value).toBe('boom for [Filtered] with Bearer [Filtered]');
    expect(receiver.items('transaction').length).toBeGreaterThan(0);
    // The API reports too (SENTRY_DSN): the requests of this page are traced (rate 1).
    await expect.poll(() => apiReceiver.envelopes.some((e) => JSON.stringify(e.header.sdk ?? {}).includes('sentry.javascript.node')), { timeout: 30_000 }).toBe(true);
    // The recording was read (a full DOM snapshot, rrweb type 2), and its text is masked.
    const recording = receiver.items('replay_recording').map((i) => i.text).join('\n');
    expect(recording).toContain('"type":2');
    expect(recording).not.toContain('Votre remarque');
    for (const envelope of [...receiver.envelopes, ...apiReceiver.envelopes]) {
      for (const secret of [token, `awa.${run}`, answer, `Sentry${run}`, '77 12 34 56', `${run}42`]) expect(envelope.text, secret).not.toContain(secret);
    }
    await context.close();
  });

  it('without a DSN, the page loads no SDK and sends nothing', async () => {
    const context = await browser.newContext({ baseURL: sharedURL, locale: 'fr-FR' });
    page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    const before = receiver.envelopes.length;
    const config = page.waitForResponse((r) => r.url().endsWith('/api/v2/client-config'));
    await page.goto('/m/su/INCONNU9');
    expect(await (await config).json()).toEqual({ success: true, data: { error_reporting: null } });
    await throwInPage(page, 'boom without a DSN');
    // A round trip after the error: anything the page meant to send would have left by now.
    await page.evaluate(() => fetch('/api/v2/health').then((r) => r.status));
    expect(requested.filter((u) => u.includes('sentry-client') || u.includes('/envelope/'))).toEqual([]);
    expect(requested.every((u) => u.startsWith(sharedURL))).toBe(true);
    expect(receiver.envelopes.length).toBe(before);
    await context.close();
  });
});
