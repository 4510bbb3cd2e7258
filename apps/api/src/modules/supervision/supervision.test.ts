import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../test/test-app';
import { bareAgent } from '../messaging/messaging.test-support';
import { createSurveyFixture } from '../collection/participations/participations.test-support';
import { call, callIn, headersOf } from '../tenancy/companies/tenancy.test-support';
import { buildSupervision, evaluate } from './supervision.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof buildSupervision>>;
let b: Awaited<ReturnType<typeof buildSupervision>>;

beforeAll(async () => {
  t = await openTestApp();
  a = await buildSupervision(t, 'Alpha Supervision');
  b = await buildSupervision(t, 'Beta Supervision');
});
afterAll(() => t.close());

describe('monitors', () => {
  it('are created with their names, listed with filters, edited, switched off and on, and deleted', async () => {
    const shown = await call(t, 'GET', `monitors/${a.monitor.id}`, a.session);
    expect(shown.body.data).toMatchObject({ target_kind: 'site', target_id: a.site.id, target_name: a.site.name, agent_id: a.supervisor.agentId, agent_name: expect.stringContaining('Paul'), survey_title: 'Visite de site', status: 'active', frequency: 'weekly', reports_count: 0 });
    const updated = await call(t, 'POST', `monitors/${a.monitor.id}`, a.session, { frequency: 'daily', note: 'Passer le lundi' });
    expect(updated.body.data).toMatchObject({ frequency: 'daily', note: 'Passer le lundi' });
    const off = await call(t, 'POST', `monitors/${a.monitor.id}/changestate`, a.session);
    expect(off.body.data.status).toBe('inactive');
    const inactive = await call(t, 'GET', `monitors?filter_groups[0][filters][0][key]=status&filter_groups[0][filters][0][value]=inactive`, a.session);
    expect(inactive.body.data.map((m: any) => m.id)).toEqual([a.monitor.id]);
    expect((await call(t, 'POST', `monitors/${a.monitor.id}/changestate`, a.session, { status: 'active' })).body.data.status).toBe('active');
    const extra = await call(t, 'POST', 'monitors', a.session, { survey_id: a.survey.id, target_kind: 'agent', target_id: a.company.agent_id, agent_id: a.supervisor.agentId });
    expect(extra.status).toBe(201);
    expect(extra.body.data.frequency).toBe('weekly');
    // Weekly: the next visit is due 7 days after the creation (no report yet); late once past.
    expect(Date.parse(extra.body.data.next_due_at) - Date.parse(extra.body.data.created_at)).toBe(7 * 86_400_000);
    expect(extra.body.data.overdue).toBe(false);
    await t.db.rows(sql`UPDATE monitors SET created_at = now() - interval '8 days' WHERE id = ${extra.body.data.id}`);
    expect((await call(t, 'GET', `monitors/${extra.body.data.id}`, a.session)).body.data.overdue).toBe(true);
    expect((await call(t, 'DELETE', `monitors/${extra.body.data.id}`, a.session)).status).toBe(200);
    expect((await call(t, 'GET', `monitors/${extra.body.data.id}`, a.session)).status).toBe(404);
    const list = await call(t, 'GET', 'monitors', a.session);
    expect(list.body.data.map((m: any) => m.id)).toEqual([a.monitor.id]);
    expect(list.body.meta).toMatchObject({ has_more: false });
  });

  it('refuse what does not belong to the company, a survey that is not an evaluation, and missing fields (422)', async () => {
    const form = await createSurveyFixture(t, { companyId: a.company.id, type: 'form', questions: [{ key: 'x', type: 'text' }] });
    const res = await call(t, 'POST', 'monitors', a.session, { survey_id: b.survey.id, target_kind: 'site', target_id: b.site.id, agent_id: b.supervisor.agentId });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['agent_id', 'survey_id', 'target_id']);
    const notEvaluation = await call(t, 'POST', 'monitors', a.session, { survey_id: form.id, target_kind: 'site', target_id: a.site.id, agent_id: a.supervisor.agentId });
    expect(notEvaluation.body.errors.survey_id).toEqual(["Choisissez un formulaire d'évaluation."]);
    const foreignEn = await callIn(t, 'en', 'POST', 'monitors', a.session, { survey_id: b.survey.id, target_kind: 'site', target_id: b.site.id, agent_id: b.supervisor.agentId });
    expect(foreignEn.body.errors).toEqual({
      survey_id: ['This form does not belong to your company.'],
      target_id: ['This target cannot be found in your company.'],
      agent_id: ['This supervisor is not an active agent of your company.'],
    });
    const notEvaluationZh = await callIn(t, 'zh-CN', 'POST', 'monitors', a.session, { survey_id: form.id, target_kind: 'site', target_id: a.site.id, agent_id: a.supervisor.agentId });
    expect(notEvaluationZh.body.errors.survey_id).toEqual(['请选择一个评估表单。']);
    const empty = await call(t, 'POST', 'monitors', a.session, {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors.survey_id[0]).toBe('Choisissez le formulaire d’évaluation.');
    const badKind = await call(t, 'POST', 'monitors', a.session, { survey_id: a.survey.id, target_kind: 'company', target_id: 1, agent_id: a.supervisor.agentId, frequency: 'yearly' });
    expect(Object.keys(badKind.body.errors).sort()).toEqual(['frequency', 'target_kind']);
    expect((await call(t, 'POST', `monitors/${a.monitor.id}/changestate`, a.session, { status: 'paused' })).status).toBe(422);
    expect((await call(t, 'POST', `monitors/${a.monitor.id}`, a.session, { target_id: b.site.id })).body.errors.target_id).toBeDefined();
  });

  it('are 401 signed out, 404 from another company and 403 without the permission', async () => {
    const id = a.monitor.id;
    const routes: Array<['GET' | 'POST' | 'DELETE', string, unknown?]> = [
      ['GET', `monitors/${id}`],
      ['POST', `monitors/${id}`, { frequency: 'daily' }],
      ['POST', `monitors/${id}/changestate`],
      ['POST', `monitors/${id}/chatroom`],
      ['DELETE', `monitors/${id}`],
    ];
    expect((await call(t, 'GET', 'monitors', null)).status).toBe(401);
    for (const [method, url, body] of routes) {
      expect((await call(t, method, url, null, body)).status, `${method} ${url} signed out`).toBe(401);
      expect((await call(t, method, url, b.session, body)).status, `${method} ${url} other company`).toBe(404);
    }
    // The supervisor (agent role) reads monitors but neither creates, changes nor deletes them.
    expect((await call(t, 'GET', `monitors/${id}`, a.supervisor)).status).toBe(200);
    expect((await call(t, 'POST', 'monitors', a.supervisor, { survey_id: a.survey.id, target_kind: 'site', target_id: a.site.id, agent_id: a.supervisor.agentId })).status).toBe(403);
    expect((await call(t, 'POST', `monitors/${id}/changestate`, a.supervisor)).status).toBe(403);
    expect((await call(t, 'DELETE', `monitors/${id}`, a.supervisor)).status).toBe(403);
    const bare = await bareAgent(t, a.company.id);
    expect((await call(t, 'GET', 'monitors', bare)).status).toBe(403);
  });

  it('open one activity conversation with the supervisor, the same one on every call', async () => {
    const first = await call(t, 'POST', `monitors/${a.monitor.id}/chatroom`, a.session);
    expect(first.body.data).toMatchObject({ kind: 'activity', subject_type: 'monitor', subject_id: a.monitor.id });
    expect(first.body.data.members.map((m: any) => m.agent_id).sort()).toEqual([a.company.agent_id, a.supervisor.agentId].sort());
    const again = await call(t, 'POST', `monitors/${a.monitor.id}/chatroom`, a.supervisor);
    expect(again.body.data.id).toBe(first.body.data.id);
  });

  it('names the supervision conversation in the reader\'s language, older French names included', async () => {
    const room = (await call(t, 'POST', `monitors/${a.monitor.id}/chatroom`, a.session)).body.data;
    const read = async (url: string, language?: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/v2/${url}`, headers: { ...headersOf(a.session), ...(language && { 'accept-language': language }) } })).json();
    const stored = (await t.db.rows<{ name: string }>(sql`SELECT name FROM chatrooms WHERE id = ${room.id}`))[0]!.name;
    expect(stored).not.toMatch(/^Supervision/);
    expect((await read(`chatrooms/${room.id}`)).data.name).toBe(`Supervision : ${stored}`);
    expect((await read(`chatrooms/${room.id}`, 'en')).data.name).toBe(`Supervision: ${stored}`);
    const listed = (await read('chatrooms?kind=activity', 'zh-CN')).data.find((r: any) => r.id === room.id);
    expect(listed.title).toBe(`督导：${stored}`);
    // A room made before names were stored this way.
    await t.db.rows(sql`UPDATE chatrooms SET name = ${`Supervision : ${stored}`} WHERE id = ${room.id}`);
    expect((await read(`chatrooms/${room.id}`, 'de')).data.name).toBe(`Supervision: ${stored}`);
    expect((await read(`chatrooms/${room.id}`)).data.name).toBe(`Supervision : ${stored}`);
    await t.db.rows(sql`UPDATE chatrooms SET name = ${stored} WHERE id = ${room.id}`);
  });
});

describe('reports and evaluations', () => {
  it('a supervisor evaluating the monitored site makes a report, notifies the owner and fills the timeline', async () => {
    const p = await evaluate(t, a.supervisor, a.survey, { kind: 'site', id: a.site.id }, 4);
    const reports = await call(t, 'GET', `reports?filter_groups[0][filters][0][key]=monitor_id&filter_groups[0][filters][0][value]=${a.monitor.id}`, a.session);
    expect(reports.body.data).toHaveLength(1);
    expect(reports.body.data[0]).toMatchObject({ participation_id: p.id, score: p.score, agent_id: a.supervisor.agentId, survey_id: a.survey.id });
    const monitor = await call(t, 'GET', `monitors/${a.monitor.id}`, a.session);
    expect(monitor.body.data).toMatchObject({ reports_count: 1, average_score: p.score });
    const bell = await call(t, 'GET', 'notifications', a.session);
    const notice = bell.body.data.find((n: any) => n.kind === 'evaluation');
    expect(notice.title).toBe(`Paul Nom a évalué le site ${a.site.name}`);
    expect(notice.data).toMatchObject({ participation_id: p.id, survey_id: a.survey.id, target_kind: 'site', target_id: a.site.id });
    // The evaluator is not told of their own evaluation.
    expect((await call(t, 'GET', 'notifications', a.supervisor)).body.data.filter((n: any) => n.kind === 'evaluation')).toEqual([]);
    const timeline = await call(t, 'GET', `activities?monitor_id=${a.monitor.id}`, a.session);
    const kinds = timeline.body.data.map((x: any) => x.kind);
    expect(kinds).toContain('report.created');
    expect(kinds).toContain('monitors.created');
    const all = await call(t, 'GET', `activities?kind=participation.submitted&target_kind=site&target_id=${a.site.id}`, a.session);
    expect(all.body.data[0]).toMatchObject({ kind: 'participation.submitted', agent_id: a.supervisor.agentId, target_name: a.site.name, subject_name: 'Visite de site', subject_id: p.id });
    expect(all.body.data[0].actor_name).toContain('Paul');
    const mine = await call(t, 'GET', `activities?agent_id=${a.supervisor.agentId}&limit=1`, a.session);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.meta).toMatchObject({ limit: 1, page: 1, has_more: true });
    // Another company sees none of it.
    expect((await call(t, 'GET', `activities?monitor_id=${a.monitor.id}`, b.session)).body.data).toEqual([]);
    // The other services' events are on the timeline too: the site's creation, a review.
    const sites = await call(t, 'GET', 'activities?kind=sites.created', a.session);
    expect(sites.body.data.map((x: any) => x.subject_name)).toEqual([a.site.name]);
    expect((await call(t, 'POST', `participations/${p.id}/check`, a.session)).status).toBe(200);
    const checked = await call(t, 'GET', 'activities?kind=participation.checked', a.session);
    expect(checked.body.data[0]).toMatchObject({ subject_id: p.id, agent_id: a.company.agent_id, target_name: a.site.name });
  });

  it('an inactive monitor collects nothing; a report can be made by hand once and its comment edited', async () => {
    await call(t, 'POST', `monitors/${b.monitor.id}/changestate`, b.session, { status: 'inactive' });
    const p = await evaluate(t, b.supervisor, b.survey, { kind: 'site', id: b.site.id }, 3);
    expect((await call(t, 'GET', 'reports', b.session)).body.data).toEqual([]);
    const made = await call(t, 'POST', 'reports', b.supervisor, { monitor_id: b.monitor.id, participation_id: p.id, comment: 'Accueil correct' });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ monitor_id: b.monitor.id, participation_id: p.id, score: p.score, comment: 'Accueil correct' });
    const twice = await call(t, 'POST', 'reports', b.supervisor, { monitor_id: b.monitor.id, participation_id: p.id });
    expect(twice.body.errors.participation_id).toEqual(['Cette participation a déjà un rapport pour ce moniteur.']);
    const edited = await call(t, 'POST', `reports/${made.body.data.id}`, b.supervisor, { comment: 'Accueil à revoir' });
    expect(edited.body.data.comment).toBe('Accueil à revoir');
    const kinds = (await call(t, 'GET', `activities?monitor_id=${b.monitor.id}`, b.session)).body.data.map((x: any) => x.kind);
    expect(kinds.slice(0, 3)).toEqual(['report.updated', 'report.created', 'monitors.deactivated']);
    // A monitor deleted takes its reports; its timeline stays.
    const spare = await call(t, 'POST', 'monitors', b.session, { survey_id: b.survey.id, target_kind: 'site', target_id: b.site.id, agent_id: b.supervisor.agentId });
    const spareReport = await call(t, 'POST', 'reports', b.session, { monitor_id: spare.body.data.id, participation_id: p.id });
    expect(spareReport.status).toBe(201);
    expect((await call(t, 'DELETE', `monitors/${spare.body.data.id}`, b.session)).status).toBe(200);
    expect((await call(t, 'GET', `reports/${spareReport.body.data.id}`, b.session)).status).toBe(404);
    expect((await call(t, 'GET', `activities?monitor_id=${spare.body.data.id}`, b.session)).body.data.map((x: any) => x.kind)).toContain('monitors.deleted');
  });

  it('an anonymous survey supervises nothing: no monitor on it, no report that would name its respondent', async () => {
    const anonymous = await createSurveyFixture(t, {
      companyId: a.company.id,
      authorAgentId: a.company.agent_id,
      title: 'Visite anonyme',
      type: 'evaluation',
      settings: { anonymous: true },
      questions: [{ key: 'note', type: 'rating' }],
    });
    const refused = await call(t, 'POST', 'monitors', a.session, { survey_id: anonymous.id, target_kind: 'site', target_id: a.site.id, agent_id: a.supervisor.agentId });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.survey_id).toEqual(['Un formulaire anonyme ne peut pas servir à superviser : ses réponses ne disent pas qui les a données.']);
    const refusedEn = await callIn(t, 'en', 'POST', 'monitors', a.session, { survey_id: anonymous.id, target_kind: 'site', target_id: a.site.id, agent_id: a.supervisor.agentId });
    expect(refusedEn.body.errors.survey_id).toEqual(['An anonymous form cannot be used to supervise: its answers do not say who gave them.']);
    // A monitor whose survey became anonymous afterwards collects no report either.
    const named = await createSurveyFixture(t, { companyId: a.company.id, authorAgentId: a.company.agent_id, title: 'Visite nommée', type: 'evaluation', questions: [{ key: 'note', type: 'rating' }] });
    const monitor = await call(t, 'POST', 'monitors', a.session, { survey_id: named.id, target_kind: 'site', target_id: a.site.id, agent_id: a.supervisor.agentId });
    expect(monitor.status).toBe(201);
    await t.db.rows(sql`UPDATE surveys SET settings = settings || '{"anonymous": true}'::jsonb WHERE id = ${named.id}`);
    const p = await evaluate(t, a.supervisor, named, { kind: 'site', id: a.site.id }, 3);
    const reports = await call(t, 'GET', `reports?filter_groups[0][filters][0][key]=monitor_id&filter_groups[0][filters][0][value]=${monitor.body.data.id}`, a.session);
    expect(reports.body.data).toEqual([]);
    const byHand = await call(t, 'POST', 'reports', a.session, { monitor_id: monitor.body.data.id, participation_id: p.id });
    expect(byHand.status).toBe(422);
    expect(byHand.body.errors.participation_id).toEqual(['Cette participation répond à un formulaire anonyme : elle ne peut pas devenir un rapport.']);
    expect((await call(t, 'DELETE', `monitors/${monitor.body.data.id}`, a.session)).status).toBe(200);
  });

  it('reports: 401 signed out, 404 another company, 403 without permission, 422 bad input', async () => {
    const [report] = (await call(t, 'GET', 'reports', a.session)).body.data;
    for (const [method, url, body] of [
      ['GET', `reports/${report.id}`],
      ['POST', `reports/${report.id}`, { comment: 'x' }],
      ['DELETE', `reports/${report.id}`],
    ] as Array<['GET' | 'POST' | 'DELETE', string, unknown?]>) {
      expect((await call(t, method, url, null, body)).status).toBe(401);
      expect((await call(t, method, url, b.session, body)).status).toBe(404);
    }
    const bare = await bareAgent(t, a.company.id);
    expect((await call(t, 'GET', 'reports', bare)).status).toBe(403);
    expect((await call(t, 'POST', 'reports', bare, { monitor_id: a.monitor.id, participation_id: report.participation_id })).status).toBe(403);
    const foreign = await call(t, 'POST', 'reports', a.session, { monitor_id: b.monitor.id, participation_id: report.participation_id });
    expect(foreign.body.errors.monitor_id).toEqual(["Ce moniteur n'existe pas dans votre entreprise."]);
    const foreignZh = await callIn(t, 'zh-CN', 'POST', 'reports', a.session, { monitor_id: b.monitor.id, participation_id: report.participation_id });
    expect(foreignZh.body.errors.monitor_id).toEqual(['贵公司不存在该督导。']);
    expect((await call(t, 'POST', 'reports', a.session, { comment: 'x'.repeat(2001) })).status).toBe(422);
  });
});

describe('activities and the log export', () => {
  it('GET activities: 401, 403, 422 on bad filters', async () => {
    expect((await call(t, 'GET', 'activities', null)).status).toBe(401);
    expect((await call(t, 'GET', 'logs/export/xlsx', null)).status).toBe(401);
    const bare = await bareAgent(t, a.company.id);
    expect((await call(t, 'GET', 'activities', bare)).status).toBe(403);
    expect((await call(t, 'GET', 'logs/export/xlsx', bare)).status).toBe(403);
    // An agent lists the timeline but does not export it.
    expect((await call(t, 'GET', 'activities', a.supervisor)).status).toBe(200);
    expect((await call(t, 'GET', 'logs/export/xlsx', a.supervisor)).status).toBe(403);
    const bad = await call(t, 'GET', 'activities?from=2026-13-45&kind=nope&page=0', a.session);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['from', 'kind', 'page']);
  });

  it('a day that does not exist is a clear 422 on the field, for the list and before the export starts', async () => {
    for (const query of ['from=2026-02-31', 'to=2026-04-31', 'from=0000-01-01']) {
      const list = await call(t, 'GET', `activities?${query}`, a.session);
      expect(list.status, query).toBe(422);
      expect(Object.keys(list.body.errors), query).toEqual([query.split('=')[0]]);
      const file = await t.app.inject({ method: 'GET', url: `/api/v2/logs/export/xlsx?${query}`, headers: headersOf(a.session) });
      expect(file.statusCode, query).toBe(422);
      expect(file.json().errors[query.split('=')[0]][0]).toMatch(/date/);
    }
  });

  it('never names who answered an anonymous survey (neither the line nor its agent filter)', async () => {
    const anonymous = await createSurveyFixture(t, {
      companyId: a.company.id,
      authorAgentId: a.company.agent_id,
      title: 'Avis anonyme',
      type: 'evaluation',
      settings: { anonymous: true },
      questions: [{ key: 'note', type: 'rating' }],
    });
    const heard: Array<{ agentId?: number | null; userId?: number | null }> = [];
    const stop = t.app.events.onDomainEvent(async (event) => {
      if (event.kind === 'participation.submitted' && event.subject?.name === 'Avis anonyme') heard.push(event);
    });
    const p = await evaluate(t, a.supervisor, anonymous, { kind: 'site', id: a.site.id }, 2);
    stop();
    // Not told to any listener in the first place (a listener written later cannot leak it).
    expect(heard.map((e) => [e.agentId, e.userId])).toEqual([[null, null]]);
    const line = (await call(t, 'GET', `activities?kind=participation.submitted&target_id=${a.site.id}`, a.session)).body.data.find((x: any) => x.subject_id === p.id);
    expect(line).toMatchObject({ kind: 'participation.submitted', agent_id: null, user_id: null, actor_name: 'Un participant anonyme', target_name: a.site.name, subject_name: 'Avis anonyme' });
    const byAgent = await call(t, 'GET', `activities?kind=participation.submitted&agent_id=${a.supervisor.agentId}`, a.session);
    expect(byAgent.body.data.map((x: any) => x.subject_id)).not.toContain(p.id);
    // Stored without an author (no French words in the data), worded in each reader's language.
    const [stored] = await t.app.db.rows<{ actor_name: string | null }>(sql`SELECT actor_name FROM activities WHERE id = ${line.id}`);
    expect(stored.actor_name).toBeNull();
    const english = (await callIn(t, 'en', 'GET', `activities?kind=participation.submitted&target_id=${a.site.id}`, a.session)).body.data.find((x: any) => x.id === line.id);
    expect(english.actor_name).toBe('An anonymous participant');
    const file = await t.app.inject({ method: 'GET', url: '/api/v2/logs/export/xlsx?kind=participation.submitted', headers: { ...headersOf(a.session), 'accept-language': 'de' } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const authors: unknown[] = [];
    workbook.worksheets[0].eachRow((row, n) => n > 1 && row.getCell(6).value === 'Avis anonyme' && authors.push(row.getCell(3).value));
    expect(authors).toEqual(['Ein anonymer Teilnehmer']);
  });

  it('reads a line stored with the French anonymous author in the reader language once migrated (0035)', async () => {
    const [old] = await t.app.db.rows<{ id: number }>(sql`
      INSERT INTO activities (company_id, kind, actor_name, subject_type, subject_name, data)
      VALUES (${a.company.id}, 'participation.submitted', 'Un participant anonyme', 'participations', 'Ancien avis', '{"score": 3}'::jsonb) RETURNING id`);
    const migration = readFileSync(new URL('../../db/migrations/0035_anonymous_activity_authors.sql', import.meta.url), 'utf8');
    await t.app.db.rows(sql.raw(migration));
    const line = (await callIn(t, 'zh-CN', 'GET', 'activities?kind=participation.submitted', a.session)).body.data.find((x: any) => x.id === old.id);
    expect(line).toMatchObject({ actor_name: '一位匿名参与者', data: { score: 3, anonymous: true } });
  });

  it('GET logs/export/xlsx streams a workbook of the filtered timeline', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/logs/export/xlsx?kind=report.created', headers: headersOf(a.session) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('journal-activites-');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Date', 'Activité', 'Auteur', 'Type de cible', 'Cible', 'Objet', 'Score']);
    expect(rows).toHaveLength(2);
    expect(rows[1][0]).toBeInstanceOf(Date);
    expect(rows[1].slice(1, 5)).toEqual(['Rapport de supervision', expect.stringContaining('Paul'), 'Site', a.site.name]);
    expect(rows[1][6]).toBe(4);
    const inEnglish = await t.app.inject({ method: 'GET', url: '/api/v2/logs/export/xlsx?kind=report.created', headers: { ...headersOf(a.session), 'accept-language': 'en' } });
    const english = new ExcelJS.Workbook();
    await english.xlsx.load(inEnglish.rawPayload as unknown as ArrayBuffer);
    expect(english.worksheets[0].name).toBe('Log (UTC)');
    expect(inEnglish.headers['content-disposition']).toMatch(/^attachment; filename="activity-log-\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect((english.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(['Date', 'Activity', 'Author', 'Target type', 'Target', 'Subject', 'Score']);
    expect([2, 4].map((n) => english.worksheets[0].getRow(2).getCell(n).value)).toEqual(['Supervision report', 'Site']);
    const inChinese = await t.app.inject({ method: 'GET', url: '/api/v2/logs/export/xlsx?kind=report.created', headers: { ...headersOf(a.session), 'accept-language': 'zh-CN' } });
    expect(inChinese.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('活动日志')}-`);
    const chinese = new ExcelJS.Workbook();
    await chinese.xlsx.load(inChinese.rawPayload as unknown as ArrayBuffer);
    expect([2, 4].map((n) => chinese.worksheets[0].getRow(2).getCell(n).value)).toEqual(['督导报告', '站点']);
    const none = await t.app.inject({ method: 'GET', url: '/api/v2/logs/export/xlsx?kind=report.created', headers: headersOf(b.session) });
    const other = new ExcelJS.Workbook();
    await other.xlsx.load(none.rawPayload as unknown as ArrayBuffer);
    // Beta's report.created lines are its own two hand-made ones.
    expect(other.worksheets[0].rowCount).toBe(3);
    expect([2, 3].map((n) => other.worksheets[0].getRow(n).getCell(5).value)).toEqual([b.site.name, b.site.name]);
  });
});
