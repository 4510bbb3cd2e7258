import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, type Session, signIn } from '../companies/tenancy.test-support';
import { insertApproval } from './approvals.repository';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let asker: Session;
let joinId: number;
let foreignId: number;

beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Alpha SARL');
  b = await createOwner(t, 'Beta SA');
  asker = await signIn(t, await createTestUser(t, { first_name: 'Jeanne', last_name: 'Atangana' }));
  joinId = (await call(t, 'POST', `companies/${a.company.id}/request_to_join`, asker, { job: 'Caissière' })).body.data.id;
  foreignId = (await call(t, 'POST', `companies/${b.company.id}/request_to_join`, asker)).body.data.id;
});
afterAll(() => t.close());

describe('GET approvals', () => {
  it('lists the company’s approvals with company and approvalable', async () => {
    const res = await call(t, 'GET', 'approvals', a.session);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      id: joinId,
      status: 'pending',
      company: { id: a.company.id, name: 'Alpha SARL' },
      approvalable: { type: 'join_request', first_name: 'Jeanne', job: 'Caissière' },
    });
    expect((await call(t, 'GET', 'approvals', null)).status).toBe(401);
    expect((await call(t, 'GET', 'approvals', asker)).status).toBe(403);
  });

  it('pages by 10, newest first, by default', async () => {
    for (let i = 0; i < 11; i++) {
      await insertApproval(t.db, { companyId: a.company.id, type: 'survey_publication', approvalableId: i + 1 });
    }
    await t.db.rows(sql`UPDATE approvals SET created_at = now() - make_interval(mins => approvalable_id) WHERE approvalable_type = 'survey_publication'`);
    const res = await call(t, 'GET', 'approvals', a.session);
    expect(res.body.data).toHaveLength(10);
    expect(res.body.meta).toMatchObject({ limit: 10, has_more: true });
    const times = res.body.data.map((r: any) => Date.parse(r.created_at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const next = await call(t, 'GET', 'approvals?page=1&limit=10', a.session);
    expect(next.body.data).toHaveLength(2);
  });

  it('shows one approval; another company’s is 404', async () => {
    expect((await call(t, 'GET', `approvals/${joinId}`, a.session)).body.data.approvalable.type).toBe('join_request');
    expect((await call(t, 'GET', `approvals/${foreignId}`, a.session)).status).toBe(404);
    expect((await call(t, 'GET', `approvals/${joinId}`, null)).status).toBe(401);
  });
});

describe('POST approvals/validate', () => {
  it('cannot decide another company’s approval (404)', async () => {
    const res = await call(t, 'POST', 'approvals/validate', a.session, { id: foreignId, action: 'approve' });
    expect(res.status).toBe(404);
    expect((await call(t, 'POST', 'approvals/validate', null, { id: joinId, action: 'approve' })).status).toBe(401);
    expect((await call(t, 'POST', 'approvals/validate', a.session, { id: joinId, action: 'maybe' })).status).toBe(422);
  });

  it('approving a join request creates the agent', async () => {
    const res = await call(t, 'POST', 'approvals/validate', a.session, { id: joinId, action: 'approve', comment: 'Bienvenue' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'approved', comment: 'Bienvenue', decided_by: a.company.agent_id });
    expect(res.body.data.agent_id).toBeGreaterThan(0);
    const agent = await call(t, 'GET', `agents/${res.body.data.agent_id}`, a.session);
    expect(agent.body.data).toMatchObject({ user_id: asker.userId, job: 'Caissière', first_name: 'Jeanne', status: 'active' });
    const companies = await call(t, 'GET', 'companies', asker);
    expect(companies.body.data.map((c: any) => c.id)).toEqual([a.company.id]);
    expect((await call(t, 'POST', 'approvals/validate', a.session, { id: joinId, action: 'reject' })).status).toBe(409);
  });

  it('rejecting closes the request without a membership', async () => {
    const res = await call(t, 'POST', 'approvals/validate', b.session, { id: foreignId, action: 'reject', comment: 'Complet' });
    expect(res.body.data).toMatchObject({ status: 'rejected', agent_id: null });
    const companies = await call(t, 'GET', 'companies', asker);
    expect(companies.body.data.map((c: any) => c.id)).not.toContain(b.company.id);
    // A rejected request no longer blocks a new one.
    expect((await call(t, 'POST', `companies/${b.company.id}/request_to_join`, asker)).status).toBe(201);
  });
});
