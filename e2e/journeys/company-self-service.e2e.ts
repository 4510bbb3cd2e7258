import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { createCustomer, field, sessionIdOf, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

// Three new people, each in their own browser context: a founder who creates a company,
// an agent they invite and restrict to a custom role, a third who joins by company code.
describe.skipIf(!hasBrowser)('a new person runs a company: create, invite, custom role, join by code', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  const contexts: BrowserContext[] = [];
  let owner: Page;
  let agent: Page;
  let joiner: Page;
  let ownerSid: string;
  let agentSid: string;
  let companyCode: string;
  const stamp = Date.now().toString(36).slice(-5);
  const companyName = `Ferme Parcours ${stamp}`;
  const roleName = `Superviseur ${stamp}`;
  let founder: { email: string; password: string };
  let invitee: { email: string; password: string };
  let requester: { email: string; password: string };

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    return context.newPage();
  }

  async function live(page: Page) {
    await page.locator('[data-testid="live-status"][data-state="authenticated"]').waitFor({ state: 'attached' });
  }

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    [founder, invitee, requester] = await Promise.all([
      createCustomer(baseURL, 'Fondatrice Parcours'),
      createCustomer(baseURL, 'Agent Parcours'),
      createCustomer(baseURL, 'Candidat Parcours'),
    ]);
    owner = await newPage();
    agent = await newPage();
    joiner = await newPage();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await close?.();
  });

  it('a new person creates a company and becomes its owner', async () => {
    await owner.goto('/auth/login');
    ownerSid = await signInUi(owner, founder.email, founder.password);
    await owner.getByTestId('no-company').waitFor();
    const form = owner.getByTestId('company-form');
    await form.getByLabel(field('Nom')).fill(companyName);
    await form.getByLabel('Ville').click();
    await owner.getByRole('option', { name: 'Douala', exact: true }).click();
    await form.getByLabel('Adresse').fill('Rue de la Joie, Akwa');
    await form.getByTestId('company-submit').click();
    await owner.getByTestId('active-company').filter({ hasText: companyName }).waitFor();
    companyCode = (await owner.getByTestId('active-company-code').textContent()) ?? '';
    expect(companyCode).toMatch(/^[A-Z2-9]{6}$/);
    // The dashboard, not a permission dump.
    await owner.getByTestId('company-dashboard').waitFor();
    await owner.getByTestId('figure-agents').getByText('1').waitFor();
    // The owner's navigation offers the company's screens.
    const nav = owner.getByTestId('side-nav');
    for (const id of ['people', 'roles', 'approvals', 'company']) await nav.locator(`[data-nav-id="${id}"]`).waitFor();
    // The settings page shows the code and its QR.
    await owner.goto(`/${ownerSid}/business/company`);
    expect(await owner.getByTestId('company-code').textContent()).toBe(companyCode);
    await owner.getByTestId('qr-image').waitFor();
  });

  it('invites an agent, who accepts from the live notification', async () => {
    await agent.goto('/auth/login');
    agentSid = await signInUi(agent, invitee.email, invitee.password);
    await agent.getByTestId('business-home').waitFor();
    await live(agent);

    await owner.goto(`/${ownerSid}/business/view/agents`);
    await owner.getByTestId('invite-open').click();
    const form = owner.getByTestId('invite-form');
    await form.getByTestId('invite-email').fill(invitee.email);
    await form.getByTestId('invite-job').fill('Enquêteur terrain');
    await form.getByTestId('form-submit').click();
    await owner.getByText('Invitation envoyée').first().waitFor();

    const toast = agent.getByTestId('invitation-toast');
    await toast.getByText(`vous invite à rejoindre l’entreprise ${companyName}`).waitFor();
    await toast.getByRole('button', { name: 'Accepter' }).click();
    await agent.getByText('invitation accepté').waitFor();
    await agent.getByTestId('company-switcher').filter({ hasText: companyName }).first().waitFor();
  });

  it('the owner makes a custom role with three permissions and gives it to the agent in place of the default one', async () => {
    await owner.goto(`/${ownerSid}/business/roles`);
    await owner.getByTestId('new-role').click();
    await owner.getByTestId('role-name').fill(roleName);
    await owner.getByTestId('new-role-form').getByTestId('form-submit').click();
    await owner.getByTestId('role-page').waitFor();
    const matrix = owner.getByTestId('permission-matrix');
    for (const label of ['Lister : Formulaires', 'Consulter : Formulaires', 'Lister : Agents']) {
      await matrix.getByRole('checkbox', { name: label }).check();
      await owner.getByText(`Permission ajoutée : ${label}`).waitFor();
    }
    await owner.getByTestId('role-permission-count').getByText('3 permission(s)').waitFor();
    // French labels only: no raw slug on the matrix.
    expect(await matrix.textContent()).not.toMatch(/\b(surveys|agents)\.(list|show)\b/);

    await owner.goto(`/${ownerSid}/business/view/agents`);
    await owner.getByTestId('people-row').filter({ hasText: 'Agent Parcours' }).click();
    await owner.getByTestId('agent-page').waitFor();
    const roles = owner.getByTestId('agent-roles');
    await roles.getByTestId('assign-role-select').click();
    await owner.getByRole('option', { name: roleName }).click();
    await roles.getByTestId('assign-role-submit').click();
    await owner.getByText('Rôle attribué').waitFor();
    await roles.getByRole('button', { name: 'Retirer Agent' }).click();
    await owner.getByTestId('confirm-button').click();
    await owner.getByText('Rôle retiré').waitFor();
    await roles.getByText(roleName).waitFor();
  });

  it('the agent sees only what the role allows, and a typed URL outside it is refused', async () => {
    await agent.goto(`/${agentSid}/business`);
    await agent.reload();
    await agent.getByTestId('company-dashboard').waitFor();
    const shortcuts = agent.getByTestId('dashboard-shortcuts');
    await shortcuts.getByRole('link', { name: 'Formulaires' }).waitFor();
    await shortcuts.getByRole('link', { name: 'Personnes' }).waitFor();
    expect(await shortcuts.getByRole('link', { name: 'Rôles' }).count()).toBe(0);
    expect(await shortcuts.getByRole('link', { name: 'Invitations' }).count()).toBe(0);
    // The side navigation offers what the role allows (surveys, people) and nothing else of the company's.
    const nav = agent.getByTestId('side-nav');
    await nav.locator('[data-nav-id="people"]').waitFor();
    const ids = await nav.locator('[data-testid="nav-item"]').evaluateAll((links) => links.map((a) => a.getAttribute('data-nav-id')));
    expect(ids).toContain('surveys');
    for (const hidden of ['roles', 'invitations', 'approvals', 'company', 'templates']) expect(ids).not.toContain(hidden);
    // Listing people is allowed, inviting is not offered.
    await agent.goto(`/${agentSid}/business/view/agents`);
    await agent.getByTestId('people-list').waitFor();
    expect(await agent.getByTestId('invite-open').count()).toBe(0);
    // Roles are outside the role: the typed address ends on the 403 page.
    await agent.goto(`/${agentSid}/business/roles`);
    await agent.waitForURL('**/error/403');
  });

  it('another new person asks to join by company code and is accepted live', async () => {
    await joiner.goto('/auth/login');
    await signInUi(joiner, requester.email, requester.password);
    await joiner.getByTestId('no-company').waitFor();
    await live(joiner);
    const join = joiner.getByTestId('join-company');
    await join.getByTestId('join-code').fill(companyCode.toLowerCase());
    await join.getByRole('button', { name: 'Rechercher' }).click();
    await join.getByTestId('join-found').getByText(companyName).waitFor();
    await join.getByLabel('Votre poste (facultatif)').fill('Caissier');
    await join.getByTestId('join-submit').click();
    await join.getByTestId('join-sent').waitFor();

    await owner.goto(`/${ownerSid}/business/view/approvals`);
    const row = owner.getByTestId('approvals-row').filter({ hasText: 'Candidat Parcours' });
    await row.getByTestId('row-actions').click();
    await owner.getByRole('menuitem', { name: 'Approuver' }).click();
    await owner.getByTestId('confirm-dialog').getByRole('textbox').fill('Bienvenue');
    await owner.getByTestId('confirm-button').click();
    await owner.getByText('Demande approuvée').waitFor();

    await joiner.getByText(`Vous avez rejoint ${companyName}`).waitFor();
    await joiner.getByTestId('active-company').filter({ hasText: companyName }).waitFor();
    expect(sessionIdOf(joiner)).toMatch(/^[a-z0-9]{6}$/);
  });
});
