import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../test/test-app';
import { addMembership } from '../tenancy/agents/agents.repository';
import { call, createOwner, createTestUser, headersOf, type Session, signIn } from '../tenancy/companies/tenancy.test-support';

let t: TestApp;
let admin: Session;
let alpha: Awaited<ReturnType<typeof createOwner>>;
let beta: Awaited<ReturnType<typeof createOwner>>;
let memberAgentId: number;

beforeAll(async () => {
  t = await openTestApp();
  admin = await signIn(t, await createTestUser(t, { type: 'admin' }));
  alpha = await createOwner(t, 'Alpha Conseil');
  beta = await createOwner(t, 'Beta Distribution');
  const member = await createTestUser(t, { type: 'agent', first_name: 'Mireille' });
  memberAgentId = await t.db.transaction(async (tx) => (await addMembership(tx, { companyId: alpha.company.id, userId: member.id, job: 'Comptable' })).id);
});
afterAll(() => t.close());

/** The cells of an exported workbook's first sheet, row by row (header first). */
async function sheetOf(payload: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as any);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

const ADMIN_GETS = (id: number) => [
  'mnt/dashboard',
  'mnt/companies',
  'mnt/companies/bycustomer',
  `mnt/companies/${id}`,
  `mnt/companies/${id}/agents`,
  `mnt/companies/${id}/sites`,
  `mnt/companies/${id}/invoices`,
  `mnt/companies/${id}/questions/site`,
  'mnt/audit',
];

describe('mnt/companies: the company category filter', () => {
  it('lists the companies of a category and of the categories below it; 401, 403, 422 in French', async () => {
    const category = async (name: string, code: string, parent_id: number | null = null) => {
      const res = await call(t, 'POST', 'categories', admin, { type: 'company', name, code, parent_id });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.id as number;
    };
    const networks = await category('Réseaux de test', 'cmp-networks-test');
    const banks = await category('Banques de test', 'cmp-banks-test', networks);
    const gamma = await createOwner(t, 'Gamma Hors Catégorie');
    await t.db.rows(sql`UPDATE companies SET category_id = ${networks} WHERE id = ${alpha.company.id}`);
    await t.db.rows(sql`UPDATE companies SET category_id = ${banks} WHERE id = ${beta.company.id}`);
    const ids = async (categoryId: number) => {
      const res = await call(t, 'GET', `mnt/companies?category_id=${categoryId}&limit=100`, admin);
      expect(res.status).toBe(200);
      return res.body.data.map((c: any) => c.id);
    };
    // The parent finds its own company and its child's; the child only its own.
    expect((await ids(networks)).sort()).toEqual([alpha.company.id, beta.company.id].sort());
    expect(await ids(banks)).toEqual([beta.company.id]);
    expect(await ids(networks)).not.toContain(gamma.company.id);
    // An unknown category (the company picker's filter after a deletion): an empty list, not an error.
    expect(await ids(2_000_000_000)).toEqual([]);
    expect((await call(t, 'GET', `mnt/companies?category_id=${networks}`, null)).status).toBe(401);
    expect((await call(t, 'GET', `mnt/companies?category_id=${networks}`, alpha.session)).status).toBe(403);
    const bad = await call(t, 'GET', 'mnt/companies?category_id=banques', admin);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.category_id[0]).toMatch(/catégorie/i);
    await t.db.rows(sql`UPDATE companies SET category_id = NULL WHERE id IN (${alpha.company.id}, ${beta.company.id})`);
  });
});

describe('mnt routes: who may call them', () => {
  it('answers 401 signed out and 403 to a company owner, for every read and action', async () => {
    for (const url of [...ADMIN_GETS(alpha.company.id), 'mnt/companies/export/xlsx', 'mnt/audit/export/xlsx']) {
      expect((await call(t, 'GET', url, null)).status, url).toBe(401);
      const refused = await call(t, 'GET', url, alpha.session);
      expect(refused.status, url).toBe(403);
    }
    for (const [url, body] of [
      [`mnt/companies/${beta.company.id}/suspend`, { reason: 'Abus signalé' }],
      [`mnt/companies/${beta.company.id}/reactivate`, {}],
      [`mnt/companies/${beta.company.id}/profile`, { name: 'Piraté' }],
      [`mnt/companies/${beta.company.id}/owner`, { agent_id: alpha.company.agent_id }],
      [`mnt/companies/${beta.company.id}/package`, { package_id: 1 }],
    ] as const) {
      expect((await call(t, 'POST', url, null, body)).status, url).toBe(401);
      expect((await call(t, 'POST', url, alpha.session, body)).status, url).toBe(403);
    }
  });

  it('refuses a non-admin before reading the input: 403, never the 422 or 400 that would teach the field rules', async () => {
    for (const url of ['mnt/companies?sort=hack', 'mnt/audit?from=2026-13-45', 'mnt/audit/export/xlsx?nope=1', 'mnt/dashboard?nope=1', 'admin/users?page=-1', 'admin/sites?nope=1', 'admin/overview?from=x']) {
      expect((await call(t, 'GET', url, alpha.session)).status, url).toBe(403);
    }
    for (const url of [`mnt/companies/${beta.company.id}/suspend`, `mnt/companies/${beta.company.id}/profile`, 'admin/broadcasts']) {
      expect((await call(t, 'POST', url, alpha.session, {})).status, url).toBe(403);
    }
    // The company's own trail keeps its own rule (its owner reads it).
    expect((await call(t, 'GET', 'audit', alpha.session)).status).toBe(200);
  });

  it('answers 404 for an unknown company, list or row, and 422 in French for bad input', async () => {
    expect((await call(t, 'GET', 'mnt/companies/999999', admin)).status).toBe(404);
    expect((await call(t, 'GET', 'mnt/companies/999999/sites', admin)).status).toBe(404);
    expect((await call(t, 'GET', `mnt/companies/${alpha.company.id}/nothing`, admin)).status).toBe(404);
    // A row of another company reads as absent.
    expect((await call(t, 'GET', `mnt/companies/${alpha.company.id}/agents/${beta.company.agent_id}`, admin)).status).toBe(404);
    expect((await call(t, 'POST', 'mnt/companies/999999/suspend', admin, { reason: 'Test' })).status).toBe(404);
    const badSort = await call(t, 'GET', 'mnt/companies?sort=hack', admin);
    expect(badSort.status).toBe(422);
    expect(JSON.stringify(badSort.body)).toContain('Ce tri est inconnu.');
    const badDay = await call(t, 'GET', 'mnt/audit?from=2026-13-45', admin);
    expect(badDay.status).toBe(422);
    expect(JSON.stringify(badDay.body)).toMatch(/date de début/);
    const noReason = await call(t, 'POST', `mnt/companies/${beta.company.id}/suspend`, admin, {});
    expect(noReason.status).toBe(422);
    const emptyProfile = await call(t, 'POST', `mnt/companies/${beta.company.id}/profile`, admin, {});
    expect(emptyProfile.status).toBe(422);
    expect(JSON.stringify(emptyProfile.body)).toContain('Indiquez au moins un champ');
    const stranger = await call(t, 'POST', `mnt/companies/${alpha.company.id}/owner`, admin, { agent_id: beta.company.agent_id });
    expect(stranger.status).toBe(422);
    expect(stranger.body.message).toBe("Ce membre n'appartient pas à cette entreprise.");
    // The same refusals in the caller's language (Accept-Language), same status and code.
    const inChinese = await t.app.inject({
      method: 'POST',
      url: `/api/v2/mnt/companies/${alpha.company.id}/owner`,
      headers: { ...headersOf(admin), 'accept-language': 'zh-CN' },
      payload: { agent_id: beta.company.agent_id },
    });
    expect(inChinese.statusCode).toBe(422);
    expect(inChinese.json()).toMatchObject({ message: '该成员不属于此企业。', data: { agent_id: ['该成员不属于此企业。'] } });
    const unknownInEnglish = await t.app.inject({ method: 'GET', url: '/api/v2/mnt/companies/999999', headers: { ...headersOf(admin), 'accept-language': 'en-GB,en;q=0.9' } });
    expect(unknownInEnglish.json()).toMatchObject({ code: 'not_found', message: 'This company does not exist.' });
  });
});

describe('mnt/companies', () => {
  it('lists companies with their counts, searches, filters, sorts and pages', async () => {
    const all = await call(t, 'GET', 'mnt/companies?limit=100', admin);
    expect(all.status).toBe(200);
    const row = all.body.data.find((c: any) => c.id === alpha.company.id);
    expect(row).toMatchObject({ name: 'Alpha Conseil', status: 'active', agents: 2, sites: 0, participations: 0 });
    expect(all.body.meta.total).toBeGreaterThanOrEqual(2);
    const found = await call(t, 'GET', `mnt/companies?q=${beta.company.code}`, admin);
    expect(found.body.data.map((c: any) => c.id)).toEqual([beta.company.id]);
    const paged = await call(t, 'GET', 'mnt/companies?limit=1&page=1&sort=-name', admin);
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.meta).toMatchObject({ page: 1, limit: 1, start: 1 });
    const byAgents = await call(t, 'GET', 'mnt/companies?sort=-agents&limit=1', admin);
    expect(byAgents.body.data[0].agents).toBeGreaterThanOrEqual(2);
  });

  it('opens a company with its owner, package, features and lists, and one row', async () => {
    const detail = await call(t, 'GET', `mnt/companies/${alpha.company.id}`, admin);
    expect(detail.status).toBe(200);
    expect(detail.body.data.owner).toMatchObject({ agent_id: alpha.company.agent_id });
    expect(detail.body.data.package).toBeTruthy();
    expect(detail.body.data.features.length).toBeGreaterThan(0);
    const agents = await call(t, 'GET', `mnt/companies/${alpha.company.id}/agents`, admin);
    expect(agents.body.data.map((a: any) => a.id).sort()).toEqual([alpha.company.agent_id, memberAgentId].sort());
    const one = await call(t, 'GET', `mnt/companies/${alpha.company.id}/agents/${memberAgentId}`, admin);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: memberAgentId, job: 'Comptable' });
  });

  it('groups companies by the person who owns them', async () => {
    const res = await call(t, 'GET', `mnt/companies/bycustomer?q=${encodeURIComponent('Alpha Conseil')}`, admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].companies.map((c: any) => c.id)).toContain(alpha.company.id);
  });

  it('exports the list as xlsx', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/mnt/companies/export/xlsx?q=Alpha', headers: headersOf(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await sheetOf(res.rawPayload))[0][1]).toBe('Nom');
    const inChinese = await t.app.inject({ method: 'GET', url: '/api/v2/mnt/companies/export/xlsx?q=Alpha', headers: { ...headersOf(admin), 'accept-language': 'zh-CN' } });
    const sheet = await sheetOf(inChinese.rawPayload);
    expect(sheet[0].slice(0, 5)).toEqual(['编号', '名称', '代码', '电子邮箱', '电话']);
    expect(sheet[1][8]).toBe('正常');
    expect(inChinese.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('企业')}-`);
  });
});

describe('admin actions and the audit trail', () => {
  it('suspends a company: its owner is refused at once, its public link says unavailable; reactivates it', async () => {
    expect((await call(t, 'GET', 'sites', beta.session)).status).toBe(200);
    const suspended = await call(t, 'POST', `mnt/companies/${beta.company.id}/suspend`, admin, { reason: 'Abus signalé' });
    expect(suspended.status).toBe(200);
    expect(suspended.body.data.status).toBe('suspended');
    const refused = await call(t, 'GET', 'sites', beta.session);
    expect(refused.status).toBe(403);
    const link = await call(t, 'GET', `public/getobject/company/${beta.company.code}`, null);
    expect(link.status).toBe(404);
    // Its survey links stay, saying the company is unavailable; nothing can be answered.
    const survey = await t.db.rows<{ code: string }>(sql`
      INSERT INTO surveys (company_id, code, title, status) VALUES (${beta.company.id}, 'BETAF1', 'Avis', 'published') RETURNING code`);
    const surveyLink = await call(t, 'GET', `public/getobject/survey/${survey[0].code}`, null);
    expect(surveyLink.body.data).toMatchObject({ accepts_participations: false, refusal: { reason: 'company_unavailable', message: "L'entreprise de ce formulaire n'est pas disponible pour le moment." } });
    expect((await call(t, 'GET', `surveys/${survey[0].code}/participate`, null)).status).toBe(404);
    const again = await call(t, 'POST', `mnt/companies/${beta.company.id}/suspend`, admin, { reason: 'Encore' });
    expect(again.status).toBe(409);
    const reactivated = await call(t, 'POST', `mnt/companies/${beta.company.id}/reactivate`, admin);
    expect(reactivated.body.data.status).toBe('active');
    expect((await call(t, 'GET', 'sites', beta.session)).status).toBe(200);
    const count = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM companies WHERE id = ${beta.company.id}`);
    expect(count[0].n).toBe(1);
  });

  it('corrects a profile, changes the package and transfers ownership, each written to the trail', async () => {
    const profile = await call(t, 'POST', `mnt/companies/${alpha.company.id}/profile`, admin, { phone: '699000111' });
    expect(profile.body.data.phone).toBe('699000111');
    const packages = await t.db.rows<{ id: number; name: string }>(sql`SELECT id, name FROM packages WHERE NOT is_default AND active ORDER BY id LIMIT 1`);
    const changed = await call(t, 'POST', `mnt/companies/${alpha.company.id}/package`, admin, { package_id: packages[0].id });
    expect(changed.status).toBe(200);
    expect(changed.body.data.package).toBe(packages[0].name);
    const transferred = await call(t, 'POST', `mnt/companies/${alpha.company.id}/owner`, admin, { agent_id: memberAgentId });
    expect(transferred.status).toBe(200);
    expect(transferred.body.data.owner.agent_id).toBe(memberAgentId);
    // The former owner lost the owner's permissions at once.
    const perms = await call(t, 'GET', `agents/${alpha.company.agent_id}/getpermissions`, admin);
    expect(perms.body.data.roles.map((r: any) => r.slug)).toEqual(['agent']);

    const trail = await call(t, 'GET', `mnt/audit?company_id=${alpha.company.id}`, admin);
    expect(trail.body.data.map((e: any) => e.action)).toEqual(['company.owner.transfer', 'company.package.change', 'company.profile']);
    expect(trail.body.data[2]).toMatchObject({ before: { phone: null }, after: { phone: '699000111' }, company_name: 'Alpha Conseil' });
    expect(trail.body.data[0]).toMatchObject({ actor_user_id: admin.userId, actor_label: expect.stringContaining('Prénom Nom <') });
    expect(trail.body.data[0].ip).toBeTruthy();
    const betaTrail = await call(t, 'GET', `mnt/audit?company_id=${beta.company.id}&action=company.`, admin);
    expect(betaTrail.body.data.map((e: any) => e.action)).toEqual(['company.reactivate', 'company.suspend']);
    expect(betaTrail.body.data[1].after).toEqual({ status: 'suspended', reason: 'Abus signalé' });
  });

  it('shows a company owner the entries of their company only, and the trail cannot be changed', async () => {
    const own = await call(t, 'GET', 'audit', beta.session);
    expect(own.status).toBe(200);
    expect(own.body.data.length).toBe(2);
    expect(own.body.data.every((e: any) => e.company_id === beta.company.id)).toBe(true);
    // A member without the roles permission is refused; the admin (no company) is told to use mnt.
    expect((await call(t, 'GET', 'audit', admin)).status).toBe(403);
    expect((await call(t, 'GET', 'audit', null)).status).toBe(401);
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/v2/audit/export/xlsx', headers: headersOf(beta.session) });
    expect(xlsx.statusCode).toBe(200);
    const count = async () => (await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`))[0].n;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    for (const statement of [sql`UPDATE audit_log SET action = 'x'`, sql`DELETE FROM audit_log`, sql`TRUNCATE audit_log`]) {
      const error = await t.db.rows(statement).then(() => null, (e: Error & { cause?: Error }) => e);
      expect(error?.cause?.message ?? error?.message).toMatch(/append-only/);
    }
    expect(await count()).toBe(before);
  });

  it("shows a company the platform team, never an admin's e-mail nor anyone's address; mnt/audit keeps both", async () => {
    const [{ email }] = await t.db.rows<{ email: string }>(sql`SELECT email FROM users WHERE id = ${admin.userId}`);
    // Beta was suspended then reactivated by the admin (above).
    const own = await call(t, 'GET', 'audit', beta.session);
    expect(own.body.data.map((e: any) => e.action)).toEqual(['company.reactivate', 'company.suspend']);
    for (const entry of own.body.data) {
      expect(entry.actor_label).toBe('Équipe de la plateforme');
      expect(entry.actor_user_id).toBeNull();
      expect(entry).not.toHaveProperty('ip');
    }
    // Neither the admin's e-mail nor their id finds the entries from the company side.
    expect((await call(t, 'GET', `audit?q=${encodeURIComponent(email)}`, beta.session)).body.data).toEqual([]);
    expect((await call(t, 'GET', `audit?actor_id=${admin.userId}`, beta.session)).body.data).toEqual([]);
    expect((await call(t, 'GET', `audit?q=${encodeURIComponent('Équipe')}`, beta.session)).body.data.length).toBe(2);

    const ownXlsx = await t.app.inject({ method: 'GET', url: '/api/v2/audit/export/xlsx', headers: headersOf(beta.session) });
    const ownSheet = await sheetOf(ownXlsx.rawPayload);
    expect(ownSheet[0]).toEqual(['N°', 'Date', 'Auteur', 'Action', 'Objet', 'N° objet', 'Entreprise', 'Avant', 'Après']);
    expect(ownSheet.slice(1).map((row) => [row[2], row[3]])).toEqual([
      ['Équipe de la plateforme', 'company.reactivate'],
      ['Équipe de la plateforme', 'company.suspend'],
    ]);
    expect(JSON.stringify(ownSheet)).not.toContain(email);
    // The company reads its trail in its own language: the team's name and the export's words.
    const inEnglish = { ...headersOf(beta.session), 'accept-language': 'en' };
    const ownInEnglish = await t.app.inject({ method: 'GET', url: `/api/v2/audit?q=${encodeURIComponent('Platform team')}`, headers: inEnglish });
    expect(ownInEnglish.json().data.map((entry: any) => entry.actor_label)).toEqual(['Platform team', 'Platform team']);
    const englishXlsx = await t.app.inject({ method: 'GET', url: '/api/v2/audit/export/xlsx', headers: inEnglish });
    expect(englishXlsx.headers['content-disposition']).toContain('audit-log-');
    const englishSheet = await sheetOf(englishXlsx.rawPayload);
    expect(englishSheet[0]).toEqual(['No.', 'Date', 'Author', 'Action', 'Object', 'Object no.', 'Company', 'Before', 'After']);
    expect(englishSheet[1][2]).toBe('Platform team');

    const platform = await call(t, 'GET', `mnt/audit?company_id=${beta.company.id}&action=company.`, admin);
    for (const entry of platform.body.data) {
      expect(entry).toMatchObject({ actor_user_id: admin.userId, actor_label: expect.stringContaining(`<${email}>`) });
      expect(entry.ip).toBeTruthy();
    }
    const platformXlsx = await t.app.inject({ method: 'GET', url: `/api/v2/mnt/audit/export/xlsx?company_id=${beta.company.id}&action=company.`, headers: headersOf(admin) });
    const platformSheet = await sheetOf(platformXlsx.rawPayload);
    expect(platformSheet[0][3]).toBe('Adresse');
    expect(platformSheet[1][2]).toContain(`<${email}>`);
    expect(platformSheet[1][3]).toBe(platform.body.data[0].ip);
  });
});

describe('role and permission changes in the trail', () => {
  it('writes a role created, given a permission and assigned to an agent, with who did it', async () => {
    const role = await call(t, 'POST', 'roles', beta.session, { name: 'Contrôleur' });
    expect(role.status).toBe(201);
    const granted = await call(t, 'POST', `roles/${role.body.data.id}/assignpermission`, beta.session, { permission: 'sites.list' });
    expect(granted.status).toBe(200);
    const assigned = await call(t, 'POST', `agents/${beta.company.agent_id}/assignrole`, beta.session, { role_id: role.body.data.id });
    expect(assigned.status).toBe(200);
    const own = await call(t, 'GET', 'audit?action=', beta.session);
    const actions = own.body.data.map((e: any) => e.action);
    expect(actions.slice(0, 3)).toEqual(['agent.role.assign', 'role.permission.assign', 'role.create']);
    expect(own.body.data[1]).toMatchObject({ actor_user_id: beta.session.userId, after: { permission: 'sites.list' }, company_id: beta.company.id });
    // The company's own people keep their name and e-mail in its trail (only admins are masked).
    expect(own.body.data[1].actor_label).toContain('<');
  });
});
