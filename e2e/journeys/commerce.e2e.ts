import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { renderQrCode } from '../../apps/api/src/modules/collection/qrcodes/qrcode.service';
import { decodeQrCodesInPdf } from '../../apps/api/src/test/qr-decode';
import { launchBrowser } from '../support/browser';
import { type ApiSession, callApi, createCustomer, field, signInApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

/** The demo owner bills the demo customer by their e-mail: an open invoice of 10 000 XAF HT. */
async function invoiceForCustomer(agent: ApiSession, customerEmail: string, label: string) {
  return callApi<{ id: number; code: string; total: number }>(baseURL, 'invoices', {
    session: agent,
    body: { customer_email: customerEmail, customer_name: 'Claude Mballa', lines: [{ label, quantity: 2, unit_price: 5000 }], issue: true },
  });
}

async function payInUi(page: Page, phone: string) {
  const panel = page.getByTestId('pay-panel');
  await panel.getByTestId('pay-phone').fill(phone);
  await panel.getByTestId('pay-submit').click();
}

describe.skipIf(!hasBrowser)('commerce: limits, invoices paid by mobile money, public check, bookings', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let agent: ApiSession;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    agent = await signInApi(baseURL, 'agent@demo.cm');
  });
  afterAll(() => close?.());

  const newPage = () => browser.newPage({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 }, acceptDownloads: true });

  it('an owner on the free package of 10 surveys is refused the 11th with the limit and how to raise it', async () => {
    const person = await createCustomer(baseURL, 'Fondatrice Limite');
    const owner = await signInApi(baseURL, person.email, person.password);
    const company = await callApi<{ agent_id: number }>(baseURL, 'companies', { session: owner, body: { name: `Limite ${Date.now()}` } });
    const asOwner = { ...owner, agentId: company.agent_id };
    for (let i = 1; i <= 10; i++) await callApi(baseURL, 'surveys', { session: asOwner, body: { title: `Enquête ${i}` } });
    const page = await newPage();
    await page.goto('/auth/login');
    const sid = await signInUi(page, person.email, person.password);
    await page.goto(`/${sid}/business/view/surveys`);
    await page.getByTestId('survey-list').waitFor();
    await page.getByTestId('create-survey').click();
    await page.getByTestId('create-survey-form').getByLabel(field('Titre')).fill('Enquête 11');
    await page.getByTestId('create-survey-submit').click();
    await page.getByText('Limite atteinte : votre formule permet 10 enquête(s).', { exact: false }).first().waitFor();
    await page.getByText('choisissez une formule supérieure', { exact: false }).first().waitFor();
    await page.close();
  });

  it('the packages page counts the agents’ seats as the limit does: members plus pending invitations, saying how many wait', async () => {
    const person = await createCustomer(baseURL, 'Fondatrice Sièges');
    const owner = await signInApi(baseURL, person.email, person.password);
    const company = await callApi<{ agent_id: number }>(baseURL, 'companies', { session: owner, body: { name: `Sièges ${Date.now()}` } });
    const asOwner = { ...owner, agentId: company.agent_id };
    const tag = Date.now().toString(36);
    for (let i = 1; i <= 9; i++) await callApi(baseURL, 'invitations', { session: asOwner, body: { email: `siege${i}-${tag}@limite.cm` } });
    // The tenth seat does not exist: the refusal and the page say the same count.
    await expect(callApi(baseURL, 'invitations', { session: asOwner, body: { email: `siege10-${tag}@limite.cm` } })).rejects.toThrow('409');
    const page = await newPage();
    await page.goto('/auth/login');
    const sid = await signInUi(page, person.email, person.password);
    await page.goto(`/${sid}/business/view/packages`);
    const agents = page.getByTestId('usage-agents');
    await agents.filter({ hasText: '10 sur 10' }).waitFor();
    await agents.getByText('dont 9 invitations en attente').waitFor();
    await page.close();
  });

  it('the customer pays an invoice by MTN MoMo (pending, then success by callback); an insufficient-funds number fails cleanly', async () => {
    const invoice = await invoiceForCustomer(agent, 'client@demo.cm', 'Étude terrain');
    const page = await newPage();
    await page.goto('/auth/login');
    const sid = await signInUi(page, 'client@demo.cm');
    await page.goto(`/${sid}/web/invoices/${invoice.id}`);
    await page.getByTestId('invoice-total').filter({ hasText: '11' }).waitFor();
    await payInUi(page, '670000001');
    await page.getByTestId('pay-pending').waitFor();
    await page.getByTestId('pay-succeeded').waitFor({ timeout: 20_000 });
    await page.getByTestId('invoice-status').filter({ hasText: 'Payée' }).waitFor();
    const transactions = await callApi<Array<{ target_id: number; status: string; settled_by: string }>>(baseURL, 'transactions?limit=50', { session: agent });
    const paid = transactions.find((t) => t.target_id === invoice.id && t.status === 'succeeded');
    expect(paid?.settled_by).toBe('callback');

    const second = await invoiceForCustomer(agent, 'client@demo.cm', 'Deuxième étude');
    await page.goto(`/${sid}/web/invoices/${second.id}`);
    await payInUi(page, '670000003');
    await page.getByTestId('pay-failed').filter({ hasText: 'Solde insuffisant.' }).waitFor({ timeout: 20_000 });
    await page.getByTestId('invoice-status').filter({ hasText: 'À payer' }).waitFor();
    await page.close();
  });

  it('the QR code of the invoice PDF opens the public check page, which says genuine and the status', async () => {
    const invoice = await invoiceForCustomer(agent, 'client@demo.cm', 'Contrôle QR');
    const page = await newPage();
    await page.goto('/auth/login');
    const sid = await signInUi(page, 'client@demo.cm');
    await page.goto(`/${sid}/web/invoices/${invoice.id}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-download').click()]);
    const pdf = await readFile((await download.path())!);
    const [url] = decodeQrCodesInPdf(pdf);
    expect(url).toBe(`${baseURL}/check/invoices/${invoice.code}`);
    const visitor = await newPage();
    await visitor.goto(url!);
    await visitor.getByTestId('invoice-check-genuine').filter({ hasText: 'À payer' }).waitFor();
    await visitor.goto('/check/invoices/ZZZZZZZZZZ');
    await visitor.getByTestId('invoice-check-unknown').waitFor();
    await visitor.close();
    await page.close();
  });

  it('a customer books the last unit of an article; another booking of it is refused', async () => {
    const article = await callApi<{ id: number }>(baseURL, 'articles', { session: agent, body: { name: `Dernière tablette ${Date.now()}`, price: 15000, stock: 1 } });
    const page = await newPage();
    await page.goto('/auth/login');
    const sid = await signInUi(page, 'client@demo.cm');
    await page.goto(`/${sid}/web/bookings`);
    await page.getByTestId('booking-company-code').fill('DEMSRL');
    await page.getByTestId('booking-browse').click();
    const card = page.getByTestId('booking-article').filter({ hasText: 'Dernière tablette' });
    await card.getByTestId('booking-stock').filter({ hasText: '1 disponible(s)' }).waitFor();
    await card.getByTestId('booking-book').click();
    await page.getByTestId('pay-panel').waitFor();
    await card.getByTestId('booking-stock').filter({ hasText: 'Épuisé' }).waitFor();
    const other = await createCustomer(baseURL, 'Autre Cliente');
    const otherSession = await signInApi(baseURL, other.email, other.password);
    await expect(callApi(baseURL, 'bookings', { session: otherSession, body: { article_id: article.id, quantity: 1 } })).rejects.toThrow('409');
    await page.close();
  });

  it('the platform admin changes a package limit in the admin area; the owner on it sees the new limit', async () => {
    const limit = 4000 + (Date.now() % 900);
    const admin = await newPage();
    await admin.goto('/auth/login');
    const adminSid = await signInUi(admin, 'admin@demo.cm');
    await admin.goto(`/${adminSid}/mnt/finances/view`);
    await admin.getByTestId('feature-widget-storage').waitFor();
    await admin.goto(`/${adminSid}/mnt/finances/view/packages`);
    await admin.getByTestId('admin-package-entreprise').getByRole('link').click();
    const row = admin.getByTestId('bundle-storage');
    await row.getByRole('textbox').first().fill(String(limit));
    await admin.getByTestId('package-form').getByRole('button', { name: 'Enregistrer' }).click();
    await admin.getByText('Modifications enregistrées.').first().waitFor();
    await admin.close();

    const owner = await newPage();
    await owner.goto('/auth/login');
    const sid = await signInUi(owner, 'agent@demo.cm');
    await owner.goto(`/${sid}/business/view/packages`);
    // Limits are exact and grouped as French writes them ("4 616", a narrow space).
    const shown = String(limit).replace(/^(\d)(\d{3})$/, '$1\\s?$2');
    await owner.getByTestId('package-entreprise').filter({ hasText: new RegExp(`Stockage \\(Mo\\) : ${shown}`) }).waitFor();
    await owner.getByTestId('usage-storage').filter({ hasText: new RegExp(`sur ${shown}`) }).waitFor();
    // The usage screen of `{action}/features` is the admin's (section 2): the owner is refused it.
    await owner.goto(`/${sid}/business/view/features`);
    await owner.getByTestId('error-page').waitFor();
    await owner.close();
  });

  it('the owner creates an article with the one article form and adds a photo; a customer sees the photo in the catalogue', async () => {
    const name = `Panier photo ${Date.now().toString(36)}`;
    const png = (await renderQrCode(name, 'png', 160)) as Buffer;
    const page = await newPage();
    await page.goto('/auth/login');
    const sid = await signInUi(page, 'agent@demo.cm');
    await page.goto(`/${sid}/business/articles`);
    await page.getByTestId('article-create').click();
    const form = page.getByTestId('article-form');
    await form.getByLabel(field('Nom')).fill(name);
    await form.getByLabel(field('Prix')).fill('2500');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    // The drawer stays on the new article: its photos can be added at once.
    const photos = page.getByTestId('article-photos');
    await photos.waitFor();
    await photos.locator('input[type=file]').setInputFiles({ name: 'panier.png', mimeType: 'image/png', buffer: png });
    const image = photos.getByTestId('article-photo').first();
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
    await page.close();

    const shopper = await newPage();
    await shopper.goto('/auth/login');
    const customerSid = await signInUi(shopper, 'client@demo.cm');
    await shopper.goto(`/${customerSid}/web/bookings`);
    await shopper.getByTestId('booking-company-code').fill('DEMSRL');
    await shopper.getByTestId('booking-browse').click();
    const card = shopper.getByTestId('booking-article').filter({ hasText: name });
    const shown = card.getByRole('img', { name });
    await shown.waitFor();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
    await shopper.close();
  });
});
