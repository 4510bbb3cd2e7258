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

  it('bell: a broadcast shows as unread, "Tout marquer comme lu" clears it; "Consulter" opens that broadcast', async () => {
    // A title of this try only: a CI retry publishes its own and must not meet the first.
    const tag = Date.now().toString(36);
    const title = `Tournée de jeudi ${tag}`;
    await agent.goto(`/${agentSid}/web`);
    await live(agent);
    await callApi(baseURL, 'broadcasts', { session: ownerApi, body: { title, body: `Départ à 7 h devant le dépôt (${tag}).`, target: 'everyone' } });
    const bell = agent.getByTestId('notification-bell');
    await agent.locator('[data-testid="notification-bell"][aria-label*="non lue"]').waitFor();
    await bell.click();
    const list = agent.getByTestId('notification-list');
    const item = list.getByTestId('notification-item').filter({ hasText: title });
    await item.waitFor();
    await list.getByRole('button', { name: 'Tout marquer comme lu' }).click();
    await agent.locator('[data-testid="notification-bell"][aria-label="Notifications"]').waitFor();
    await item.getByRole('link', { name: 'Consulter' }).click();
    // The broadcast is opened by its id, above the list: what the person asked to see.
    await agent.waitForURL(/\/web\/diffusions\?broadcast=\d+$/);
    await agent.getByTestId('diffusion-opened').filter({ hasText: `Départ à 7 h devant le dépôt (${tag}).` }).waitFor();
    await agent.getByTestId('diffusion').filter({ hasText: title }).waitFor();
  });

  it('a broadcast to a group reaches its online member as a toast, and its offline member in web/diffusions at the next sign-in', async () => {
    const tag = Date.now().toString(36);
    // A second member of the group, not signed in anywhere while the broadcast goes out.
    const absent = await createCustomer(baseURL, `Absent ${tag}`);
    const invitation = await callApi<{ id: number }>(baseURL, 'invitations', { session: ownerApi, body: { email: absent.email } });
    const guest = await signInApi(baseURL, absent.email, absent.password);
    const accepted = await callApi<{ guest_agent_id: number }>(baseURL, `invitations/${invitation.id}/accept`, { method: 'POST', session: guest });
    const group = await callApi<{ id: number; name: string }>(baseURL, 'groups', { session: ownerApi, body: { name: `Équipe du jeudi ${tag}` } });
    await callApi(baseURL, `groups/${group.id}/agents`, { session: ownerApi, body: { agent_ids: [agentApi.agentId, accepted.guest_agent_id] } });

    await agent.goto(`/${agentSid}/web`);
    await live(agent);
    // The owner publishes from the diffusions page, to the group.
    const title = `Réunion d’équipe ${tag}`;
    await owner.goto(`/${ownerSid}/web/diffusions`);
    const composer = owner.getByTestId('broadcast-composer');
    await composer.getByLabel('Titre').fill(title);
    await composer.getByLabel('Message').fill(`Jeudi 8 h au dépôt (${tag}).`);
    await composer.getByLabel('Destinataires').click();
    await owner.getByRole('option', { name: 'Un groupe' }).click();
    await composer.getByLabel('Un groupe').fill(group.name);
    await owner.getByRole('option', { name: group.name }).click();
    await composer.getByRole('button', { name: 'Publier' }).click();

    // Online: the card arrives without a reload.
    await agent.locator('.app-toast').filter({ hasText: title }).waitFor();
    // Offline: it waits in web/diffusions for the next sign-in.
    const later = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 390, height: 800 } });
    contexts.push(later);
    const absentPage = await later.newPage();
    await absentPage.goto('/auth/login');
    const absentSid = await signInUi(absentPage, absent.email, absent.password);
    await absentPage.goto(`/${absentSid}/web/diffusions`);
    await absentPage.getByTestId('diffusion').filter({ hasText: title }).waitFor();
  });

  it('a customer asks the company to talk; the company accepts; the customer sees it live and they exchange messages', async () => {
    const tag = Date.now().toString(36);
    const companyId = ownerApi.answer.user.agents[0].company_id;
    const { code } = await callApi<{ code: string }>(baseURL, `companies/${companyId}`, { session: ownerApi });
    const login = await createCustomer(baseURL, 'Client Pressé');
    const customerContext = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 390, height: 800 } });
    contexts.push(customerContext);
    const customer = await customerContext.newPage();
    await customer.goto('/auth/login');
    const customerSid = await signInUi(customer, login.email, login.password);

    // The customer: the company found by its code, a first message, then "En attente".
    await customer.goto(`/${customerSid}/web/contact?company=${code}`);
    await live(customer);
    const form = customer.getByTestId('ask-to-talk');
    await form.getByTestId('ask-company').filter({ hasText: 'Démo SARL' }).waitFor();
    await form.getByLabel('Votre message').fill(`Bonjour, ma commande ${tag} est en retard.`);
    await form.getByRole('button', { name: 'Envoyer la demande' }).click();
    const request = customer.getByTestId('support-request');
    await customer.locator('[data-testid="support-request"][data-status="pending"]').waitFor();
    await request.getByTestId('support-status').filter({ hasText: 'En attente' }).waitFor();

    // The company: the waiting request, counted, accepted.
    await owner.goto(`/${ownerSid}/conversations/support`);
    const pending = owner.getByTestId('pending-requests');
    const card = pending.locator('.mantine-Card-root').filter({ hasText: `ma commande ${tag} est en retard` });
    await card.waitFor();
    await owner.getByTestId('pending-count').waitFor();
    await card.getByRole('button', { name: 'Accepter' }).click();
    await owner.waitForURL(/\/conversations\/support\/\d+$/);
    await owner.getByTestId('message').filter({ hasText: `ma commande ${tag} est en retard` }).waitFor();

    // The customer sees it accepted without reloading, then they talk.
    await customer.locator('[data-testid="support-request"][data-status="open"]').waitFor();
    await request.getByText('Démo SARL a accepté votre demande').waitFor();
    await owner.getByLabel('Votre message').fill(`Nous regardons la commande ${tag} tout de suite.`);
    await owner.getByRole('button', { name: 'Envoyer' }).click();
    await request.getByTestId('message').filter({ hasText: `Nous regardons la commande ${tag}` }).waitFor();
    await request.getByLabel('Votre message').fill('Merci beaucoup !');
    await request.getByRole('button', { name: 'Envoyer' }).click();
    await owner.getByTestId('message').filter({ hasText: 'Merci beaucoup !' }).waitFor();
  });

  it('a participation’s page: the reviewer opens its conversation and writes', async () => {
    const tag = Date.now().toString(36);
    // A submitted demo participation nobody talked about yet (the seed opened the first one).
    const rows = await callApi<Array<{ id: number; survey_id: number; status: string }>>(baseURL, 'participations?limit=20&sort%5B0%5D%5Bkey%5D=id&sort%5B0%5D%5Bdirection%5D=desc', { session: ownerApi });
    const target = rows.find((r) => r.status === 'submitted');
    if (!target) throw new Error('no submitted demo participation');
    await owner.goto(`/${ownerSid}/conversations/survey/${target.survey_id}/${target.id}`);
    const chat = owner.getByTestId('participation-chat');
    await chat.waitFor();
    const open = chat.getByRole('button', { name: /Ouvrir la conversation|Écrire à/ });
    // Either the room exists already or the button offers to open it: wait for one of them.
    await chat.getByTestId('chat-panel').or(open).first().waitFor();
    if (await open.isVisible()) await open.click();
    await chat.getByTestId('chat-panel').waitFor();
    await chat.getByLabel('Votre message').fill(`Réponse 3 à vérifier (${tag}).`);
    await chat.getByRole('button', { name: 'Envoyer' }).click();
    await chat.getByTestId('message').filter({ hasText: `Réponse 3 à vérifier (${tag}).` }).waitFor();
    // The room is a conversation of kind "Participations" for its members.
    await owner.goto(`/${ownerSid}/conversations/survey`);
    await owner.getByTestId('room-item').filter({ hasText: `Participation n°${target.id}` }).waitFor();
  });
});
