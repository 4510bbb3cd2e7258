import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { explainFailures, launchBrowser } from '../support/browser';
import { type ApiSession, callApi, signInApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

/** CRC-32 of a PNG chunk. */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A real PNG of `size`×`size` pixels in one colour: the photo of the counter. */
function makePng(size: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

interface StoredParticipation {
  id: number;
  status: string;
  latitude: number | null;
  accuracy_m: number | null;
  target_id: number | null;
  geofence_status: string | null;
  submitted_at: string;
  received_at: string | null;
  client_uuid?: string;
  answers: Array<{ question_id: number; media_id: number | null; value_number: number | null }>;
}

/** Three agencies of Douala, each with a 100 m geofence. */
const SITES = [
  { name: 'Agence Deido', latitude: 4.0611, longitude: 9.7129 },
  { name: 'Agence Bonapriso', latitude: 4.0301, longitude: 9.6951 },
  { name: 'Agence Ndokoti', latitude: 4.0458, longitude: 9.7516 },
];

/**
 * Issue 21, done when: the demo supervisor (Hervé Tchamba, Démo SARL) opens "Ma journée"
 * on a phone, loses the network, reloads (the installed app opens on the kept day), makes
 * three visits with a photo and a position (the third 2 km from its site), closes the app
 * and opens it again offline (still three waiting), lets the access token lapse, then
 * gets the network back: each visit reaches the server exactly once with its photo,
 * position, geofence flag and the time it was made, and the owner's monitor page shows
 * the reports live.
 */
describe.skipIf(!hasBrowser)('field agent offline journey', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let contexts: BrowserContext[] = [];
  let phone: BrowserContext;
  let agent: Page;
  let owner: Page;
  let sid: string;
  let ownerSid: string;
  let ownerApi: ApiSession;
  let survey: { id: number; code: string; q: { rating: number; photo: number } };
  let sites: Array<{ id: number; name: string; latitude: number; longitude: number; monitorId: number }>;
  /** A fourth agency, visited last: its answer is sent by the service worker with the app closed. */
  let extra: { id: number; name: string; latitude: number; longitude: number; monitorId: number };

  beforeAll(async () => {
    const stamp = Date.now().toString(36);
    ({ browser, close } = await launchBrowser());
    const signed = await signInApi(baseURL, 'agent@demo.cm');
    const demo = signed.answer.user.agents.find((a: any) => a.company.code === 'DEMSRL')!;
    ownerApi = { ...signed, agentId: demo.id };
    const herve = await signInApi(baseURL, 'herve.tchamba@demo.cm');
    const herveAgent = herve.answer.user.agents.find((a: any) => a.company.code === 'DEMSRL')!;
    // An evaluation of sites with a rating and a photo of the counter.
    const created = await callApi<{ id: number; code: string }>(baseURL, 'surveys', {
      session: ownerApi,
      body: { title: `Visite terrain ${stamp}`, type: 'evaluation', target_kind: 'site' },
    });
    // Only the journey's own questions: the first step of the platform's default questions goes.
    const withSteps = await callApi<{ steps: Array<{ id: number }> }>(baseURL, `surveys/${created.id}?includes[]=steps`, { session: ownerApi });
    for (const old of withSteps.steps) await callApi(baseURL, `steps/${old.id}`, { session: ownerApi, method: 'DELETE' });
    const step = await callApi<{ id: number }>(baseURL, 'steps', { session: ownerApi, body: { survey_id: created.id, title: 'Contrôle' } });
    const rating = await callApi<{ id: number }>(baseURL, 'questions', {
      session: ownerApi,
      body: { step_id: step.id, label: 'Tenue de l’agence', type: 'rating', required: true, settings: { max: 5 } },
    });
    const photo = await callApi<{ id: number }>(baseURL, 'questions', { session: ownerApi, body: { step_id: step.id, label: 'Photo du guichet', type: 'photo', required: true } });
    await callApi(baseURL, `surveys/${created.id}/submit`, { session: ownerApi, body: {} });
    await callApi(baseURL, `surveys/${created.id}/publish`, { session: ownerApi, body: {} });
    survey = { ...created, q: { rating: rating.id, photo: photo.id } };
    sites = [];
    for (const spec of SITES) {
      const site = await callApi<{ id: number; name: string }>(baseURL, 'sites', { session: ownerApi, body: { ...spec, name: `${spec.name} ${stamp}`, geofence_radius_m: 100 } });
      const monitor = await callApi<{ id: number }>(baseURL, 'monitors', {
        session: ownerApi,
        body: { survey_id: survey.id, target_kind: 'site', target_id: site.id, agent_id: herveAgent.id, frequency: 'daily' },
      });
      sites.push({ ...spec, id: site.id, name: site.name, monitorId: monitor.id });
    }
    {
      const spec = { name: 'Agence Akwa', latitude: 4.0483, longitude: 9.7043 };
      const site = await callApi<{ id: number; name: string }>(baseURL, 'sites', { session: ownerApi, body: { ...spec, name: `${spec.name} ${stamp}`, geofence_radius_m: 100 } });
      const monitor = await callApi<{ id: number }>(baseURL, 'monitors', {
        session: ownerApi,
        body: { survey_id: survey.id, target_kind: 'site', target_id: site.id, agent_id: herveAgent.id, frequency: 'daily' },
      });
      extra = { ...spec, id: site.id, name: site.name, monitorId: monitor.id };
    }
    phone = await browser.newContext({
      baseURL,
      locale: 'fr-FR',
      viewport: { width: 390, height: 800 },
      isMobile: true,
      hasTouch: true,
      // Granting permissions denies every other one: Background Sync is named too.
      permissions: ['geolocation', 'background-sync'],
      geolocation: { latitude: SITES[0].latitude, longitude: SITES[0].longitude, accuracy: 12 },
      serviceWorkers: 'allow',
    });
    contexts = [phone, await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 } })];
    agent = await phone.newPage();
    owner = await contexts[1].newPage();
    await owner.goto('/auth/login');
    ownerSid = await signInUi(owner, 'agent@demo.cm');
    await agent.goto('/auth/login');
    sid = await signInUi(agent, 'herve.tchamba@demo.cm');
  }, 180_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await close?.();
  });
  explainFailures(() => [agent, owner]);

  const card = (page: Page, siteId: number) => page.locator(`[data-testid="workday-monitor"][data-target="site:${siteId}"]`);

  it('opens "Ma journée" online: the three visits with their codes and geofences; the app is installed for offline use', async () => {
    await agent.goto(`/${sid}/workday`);
    await agent.getByRole('heading', { level: 1, name: 'Ma journée' }).waitFor();
    for (const site of sites) await card(agent, site.id).waitFor();
    await agent.locator('[data-testid="workday-freshness"][data-live="true"]').waitFor();
    expect(await card(agent, sites[0].id).textContent()).toContain('Zone de 100 m autour du site');
    // The service worker has precached the app shell and its chunks.
    await agent.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
  });

  it('without a network, the reloaded app still opens on the work list, "hors ligne"', async () => {
    await phone.setOffline(true);
    await agent.reload();
    await agent.getByRole('heading', { level: 1, name: 'Ma journée' }).waitFor();
    await agent.locator('[data-testid="workday-freshness"][data-live="false"]').waitFor();
    await agent.locator('[data-testid="connection-banner"][data-offline="true"]').waitFor();
    for (const site of sites) await card(agent, site.id).waitFor();
  });

  it('three visits made offline, each with a photo and a position (the third 2 km away), wait on the phone', async () => {
    for (const [index, site] of sites.entries()) {
      const away = index === 2;
      await phone.setGeolocation({ latitude: site.latitude + (away ? 0.018 : 0.0002), longitude: site.longitude, accuracy: 12 });
      await agent.goto(`/${sid}/workday`);
      await card(agent, site.id).getByTestId('workday-visit').click();
      const host = agent.getByTestId('survey-answer-host');
      await expect.poll(() => host.getByTestId('answer-target').textContent()).toBe(site.name);
      const start = host.getByRole('button', { name: 'Commencer' });
      if (await start.isVisible()) await start.click();
      await host.getByRole('group', { name: /Tenue de l’agence/ }).getByLabel('4 sur 5').check({ force: true });
      await agent.locator('input[type="file"][capture]').setInputFiles({ name: `guichet-${index}.png`, mimeType: 'image/png', buffer: makePng(24, [30, 90, 200 - index * 40]) });
      await host.getByText('Fichier gardé sur le téléphone : il partira au retour du réseau.').waitFor();
      await host.getByRole('button', { name: 'Envoyer mes réponses' }).click();
      await host.getByTestId('answer-done-waiting').waitFor();
    }
    await agent.locator('[data-testid="outbox-status"][data-pending="3"]').waitFor();
    expect(await agent.getByTestId('outbox-status').textContent()).toContain('3 envois en attente');
  });

  it('closed and opened again offline: the three are still queued, the one 2 km away flagged on the phone', async () => {
    await agent.close();
    agent = await phone.newPage();
    await agent.goto(`/${sid}/workday`);
    await agent.getByRole('heading', { level: 1, name: 'Ma journée' }).waitFor();
    await agent.locator('[data-testid="outbox-status"][data-pending="3"]').waitFor();
    await expect.poll(() => agent.getByTestId('workday-queued').count()).toBe(3);
    expect(await card(agent, sites[2].id).getByTestId('workday-queued').textContent()).toMatch(/hors zone/);
    expect(await card(agent, sites[0].id).getByTestId('workday-queued').textContent()).toMatch(/dans la zone/);
  });

  it('network back after the access token lapsed: each visit reaches the server once, with its photo, position, flag and time; the owner sees the reports live', async () => {
    // The owner watches the first site's monitor page.
    await owner.goto(`/${ownerSid}/conversations/activity/${sites[0].monitorId}?t=site`);
    await owner.getByTestId('report-empty').waitFor();
    await owner.locator('[data-testid="live-status"][data-state="authenticated"]').waitFor({ state: 'attached' });
    // The access token lapses while offline: the phone must renew it before sending.
    await agent.evaluate((key) => {
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}');
      stored.sessionInfo.exp = Math.floor(Date.now() / 1000) - 60;
      localStorage.setItem(key, JSON.stringify(stored));
    }, `account.${sid}`);
    const backOnline = Date.now();
    await phone.setOffline(false);
    await agent.locator('[data-testid="outbox-status"][data-state="sent"]').waitFor({ timeout: 60_000 });

    const query = `filter_groups[0][filters][0][key]=survey_id&filter_groups[0][filters][0][operator]=eq&filter_groups[0][filters][0][value]=${survey.id}&includes[]=answers`;
    const rows = await callApi<StoredParticipation[]>(baseURL, `participations?${query}`, { session: ownerApi });
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((p) => p.target_id))).toEqual(new Set(sites.map((s) => s.id)));
    for (const p of rows) {
      const site = sites.find((s) => s.id === p.target_id)!;
      expect(p.status).toBe('submitted');
      expect(p.answers.find((a) => a.question_id === survey.q.photo)?.media_id).toBeGreaterThan(0);
      expect(p.answers.find((a) => a.question_id === survey.q.rating)?.value_number).toBe(4);
      expect(p.latitude).toBeCloseTo(site.latitude + (site === sites[2] ? 0.018 : 0.0002), 4);
      expect(p.accuracy_m).toBe(12);
      expect(p.geofence_status).toBe(site === sites[2] ? 'outside' : 'inside');
      // Made offline, before the network came back; received after.
      expect(Date.parse(p.submitted_at)).toBeLessThan(backOnline);
      expect(Date.parse(p.received_at ?? '')).toBeGreaterThanOrEqual(Date.parse(p.submitted_at));
    }
    // The owner's monitor page shows the first site's report without a reload.
    await owner.getByTestId('report-row').first().waitFor();
    expect(await owner.getByTestId('report-row').count()).toBe(1);
    // Nothing is sent twice: a later flush (the page shown again) finds the outbox empty.
    await agent.reload();
    await agent.getByRole('heading', { level: 1, name: 'Ma journée' }).waitFor();
    expect(await agent.getByTestId('workday-queued').count()).toBe(0);
    expect(await callApi<StoredParticipation[]>(baseURL, `participations?${query}`, { session: ownerApi })).toHaveLength(3);
  });

  it('a visit queued offline is sent by the service worker (Background Sync) after the app is closed, exactly once', async () => {
    const query = `filter_groups[0][filters][0][key]=survey_id&filter_groups[0][filters][0][operator]=eq&filter_groups[0][filters][0][value]=${survey.id}&includes[]=answers`;
    const ofExtra = async () => (await callApi<StoredParticipation[]>(baseURL, `participations?${query}`, { session: ownerApi })).filter((p) => p.target_id === extra.id);
    // The app runs under the service worker, which offers Background Sync in Chromium.
    expect(await agent.evaluate(async () => 'sync' in (await navigator.serviceWorker.ready) && navigator.serviceWorker.controller !== null)).toBe(true);

    await phone.setOffline(true);
    await phone.setGeolocation({ latitude: extra.latitude + 0.0002, longitude: extra.longitude, accuracy: 12 });
    await agent.goto(`/${sid}/workday`);
    await card(agent, extra.id).getByTestId('workday-visit').click();
    const host = agent.getByTestId('survey-answer-host');
    await expect.poll(() => host.getByTestId('answer-target').textContent()).toBe(extra.name);
    const start = host.getByRole('button', { name: 'Commencer' });
    if (await start.isVisible()) await start.click();
    await host.getByRole('group', { name: /Tenue de l’agence/ }).getByLabel('4 sur 5').check({ force: true });
    await agent.locator('input[type="file"][capture]').setInputFiles({ name: 'guichet-akwa.png', mimeType: 'image/png', buffer: makePng(24, [200, 120, 30]) });
    await host.getByText('Fichier gardé sur le téléphone : il partira au retour du réseau.').waitFor();
    await host.getByRole('button', { name: 'Envoyer mes réponses' }).click();
    await host.getByTestId('answer-done-waiting').waitFor();
    await agent.locator('[data-testid="outbox-status"][data-pending="1"]').waitFor();
    // What the service worker will read: the entry mirrored in IndexedDB, not yet sent.
    const waitingInMirror = () =>
      agent.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('enq-outbox');
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('entries')) return resolve(0);
              const all = db.transaction('entries').objectStore('entries').getAll();
              all.onsuccess = () => resolve((all.result as Array<{ sent: unknown } | undefined>).filter((r) => r && !r.sent).length);
              all.onerror = () => resolve(0);
            };
            open.onerror = () => resolve(0);
          }),
      );
    await expect.poll(waitingInMirror).toBe(1);
    // The page asked the browser for the outbox's sync (pending, or firing while the network is out).
    await expect
      .poll(() => agent.evaluate(async () => ((await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } }).sync.getTags()))
      .toContain('enq-outbox');
    expect(await ofExtra()).toHaveLength(0);

    // The app is closed; then the network comes back and nobody opens it again.
    await agent.close();
    await phone.setOffline(false);
    await expect.poll(async () => (await ofExtra()).length, { timeout: 150_000, interval: 2_000 }).toBe(1);
    const [stored] = await ofExtra();
    expect(stored.status).toBe('submitted');
    expect(stored.answers.find((a) => a.question_id === survey.q.photo)?.media_id).toBeGreaterThan(0);
    expect(stored.answers.find((a) => a.question_id === survey.q.rating)?.value_number).toBe(4);
    expect(stored.geofence_status).toBe('inside');

    // Opened again: the page learns it was sent (nothing waits), and sends nothing twice.
    agent = await phone.newPage();
    await agent.goto(`/${sid}/workday`);
    await agent.getByRole('heading', { level: 1, name: 'Ma journée' }).waitFor();
    await expect.poll(() => agent.getByTestId('workday-queued').count()).toBe(0);
    expect(await ofExtra()).toHaveLength(1);
  }, 240_000);
});
