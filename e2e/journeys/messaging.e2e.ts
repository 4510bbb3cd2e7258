import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { type ApiSession, callApi, createCustomer, signInApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

// A 1×1 PNG: the server checks the file's real type, so the photo must be one.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Two people side by side: the owner of Démo SARL and a new agent of it, each in their own browser context. */
describe.skipIf(!hasBrowser)('conversations, bell and broadcasts, live between two browsers', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let contexts: BrowserContext[] = [];
  let owner: Page;
  let agent: Page;
  let ownerSid: string;
  let agentSid: string;
  let ownerApi: Awaited<ReturnType<typeof signInApi>>;
  let agentLogin: { email: string; password: string };
  let agentApi: ApiSession;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    ownerApi = await signInApi(baseURL, 'agent@demo.cm');
    agentLogin = await createCustomer(baseURL, 'Mireille Terrain');
    const invitation = await callApi<{ id: number }>(baseURL, 'invitations', { session: ownerApi, body: { email: agentLogin.email } });
    const guest = await signInApi(baseURL, agentLogin.email, agentLogin.password);
    const accepted = await callApi<{ guest_agent_id: number }>(baseURL, `invitations/${invitation.id}/accept`, { method: 'POST', session: guest });
    agentApi = { ...guest, agentId: accepted.guest_agent_id };
    contexts = [await browser.newContext({ baseURL, locale: 'fr-FR' }), await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 390, height: 800 } })];
    owner = await contexts[0].newPage();
    agent = await contexts[1].newPage();
    await owner.goto('/auth/login');
    ownerSid = await signInUi(owner, 'agent@demo.cm');
    await agent.goto('/auth/login');
    agentSid = await signInUi(agent, agentLogin.email, agentLogin.password);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await close?.();
  });

  const live = (page: Page) => page.locator('[data-testid="live-status"][data-state="authenticated"]').waitFor({ state: 'attached' });

  it('chat: a message and a photo arrive live, the read receipt comes back (the agent on a phone)', async () => {
    const room = await callApi<{ id: number }>(baseURL, 'chatrooms', { session: ownerApi, body: { kind: 'group', name: 'Visite du marché', agent_ids: [agentApi.agentId] } });
    await owner.goto(`/${ownerSid}/conversations/group/${room.id}`);
    await agent.goto(`/${agentSid}/conversations/group`);
    await Promise.all([live(owner), live(agent)]);
    await agent.getByTestId('room-item').filter({ hasText: 'Visite du marché' }).click();
    await agent.getByTestId('room-view').getByText('Aucun message pour l’instant.').waitFor();

    await owner.getByLabel('Votre message').fill('Bonjour Mireille, on se retrouve au marché ?');
    await owner.getByRole('button', { name: 'Envoyer' }).click();
    await agent.getByTestId('message').filter({ hasText: 'on se retrouve au marché ?' }).waitFor();
    // The agent's page has read it: the owner sees the receipt.
    await owner.getByTestId('read-receipt').filter({ hasText: 'Lu par Mireille' }).waitFor();

    const chooser = agent.waitForEvent('filechooser');
    await agent.getByRole('button', { name: 'Joindre un fichier' }).click();
    await (await chooser).setFiles({ name: 'etal.png', mimeType: 'image/png', buffer: PIXEL });
    await agent.getByRole('button', { name: 'Envoyer' }).click();
    await owner.getByTestId('message-image').waitFor();
    await agent.getByTestId('read-receipt').filter({ hasText: 'Lu par Alain' }).waitFor();
  });

  it('bell: a broadcast shows as unread, "Tout marquer comme lu" clears it; the diffusion is listed', async () => {
    await agent.goto(`/${agentSid}/web`);
    await live(agent);
    await callApi(baseURL, 'broadcasts', { session: ownerApi, body: { title: 'Tournée de jeudi', body: 'Départ à 7 h devant le dépôt.', target: 'everyone' } });
    const bell = agent.getByTestId('notification-bell');
    await agent.locator('[data-testid="notification-bell"][aria-label*="non lue"]').waitFor();
    await bell.click();
    const list = agent.getByTestId('notification-list');
    // .first(): a retried run publishes the broadcast a second time.
    await list.getByText('Tournée de jeudi').first().waitFor();
    await list.getByRole('button', { name: 'Tout marquer comme lu' }).click();
    await agent.locator('[data-testid="notification-bell"][aria-label="Notifications"]').waitFor();
    await list.getByRole('link', { name: 'Consulter' }).first().click();
    await agent.waitForURL(`**/${agentSid}/web/diffusions`);
    await agent.getByTestId('diffusion').filter({ hasText: 'Départ à 7 h devant le dépôt.' }).first().waitFor();
  });

  it('a customer’s pending conversation is accepted by the company', async () => {
    const customer = await createCustomer(baseURL, 'Client Pressé');
    const session = await signInApi(baseURL, customer.email, customer.password);
    await callApi(baseURL, 'chatrooms/pending', { session, body: { company_id: ownerApi.answer.user.agents[0].company_id, body: 'Bonjour, ma commande est en retard.' } });
    await owner.goto(`/${ownerSid}/conversations/support`);
    const pending = owner.getByTestId('pending-requests');
    await pending.getByText('Bonjour, ma commande est en retard.').waitFor();
    await pending.getByRole('button', { name: 'Accepter' }).click();
    await owner.waitForURL(/\/conversations\/support\/\d+$/);
    await owner.getByTestId('message').filter({ hasText: 'ma commande est en retard' }).waitFor();
    await owner.getByLabel('Votre message').fill('Nous regardons tout de suite.');
    await owner.getByRole('button', { name: 'Envoyer' }).click();
    await owner.getByTestId('message').filter({ hasText: 'Nous regardons tout de suite.' }).waitFor();
  });
});
