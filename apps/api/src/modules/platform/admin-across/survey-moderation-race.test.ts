import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { buildSurvey, createAdminSession, publish } from '../../surveys/surveys/surveys.test-support';
import { call, callIn, createOwner, type Session } from '../../tenancy/companies/tenancy.test-support';

/**
 * Moderation against the owner's concurrent changes (DOMAIN.md "Moderation"): both sides
 * change the survey by a conditional update on its status, so whichever lands second is
 * refused with a French 409 naming the state it found, and nothing is half applied.
 */
let t: TestApp;
let admin: Session;
let owner: Awaited<ReturnType<typeof createOwner>>;
const tag = () => randomBytes(3).toString('hex');

beforeAll(async () => {
  t = await openTestApp();
  admin = await createAdminSession(t);
  owner = await createOwner(t, `Course ${tag()}`);
});
afterAll(() => t.close());

async function publishedSurvey() {
  const built = await buildSurvey(t, owner.session, { title: `Publié ${tag()}`, steps: [[{ type: 'short_text', label: 'Votre avis' }]] });
  await publish(t, owner.session, built.id);
  return built;
}

const auditCount = async (id: number) =>
  (await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE object_id = ${id} AND action LIKE 'survey.moderation.%'`))[0].n;

describe('moderation is atomic against the survey’s state', () => {
  it('an admin rejection and the owner’s closing at the same time: one wins, the other gets a French 409, the state is the winner’s', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await publishedSurvey();
      const [rejected, closed] = await Promise.all([
        call(t, 'POST', `admin/surveys/${s.id}/reject`, admin, { comment: 'Question trompeuse.' }),
        call(t, 'POST', `surveys/${s.id}/close`, owner.session, {}),
      ]);
      expect([rejected.status, closed.status].sort()).toEqual([200, 409]);
      const [row] = await t.db.rows<{ status: string; rejection_comment: string | null }>(sql`SELECT status, rejection_comment FROM surveys WHERE id = ${s.id}`);
      if (rejected.status === 200) {
        expect(row).toMatchObject({ status: 'rejected', rejection_comment: 'Question trompeuse.' });
        expect(closed.body.message).toMatch(/rejet/i);
        expect(await auditCount(s.id)).toBe(1);
      } else {
        expect(row.status).toBe('closed');
        expect(rejected.body.code).toBe('invalid_transition');
        expect(rejected.body.message).toMatch(/^Impossible de rejeter ce formulaire : il est/);
        expect(await auditCount(s.id)).toBe(0);
      }
    }
  });

  it('the owner acting on a screen read before the rejection is refused in French; the rejected survey is editable again', async () => {
    const s = await publishedSurvey();
    expect((await call(t, 'POST', `admin/surveys/${s.id}/reject`, admin, { comment: 'Titre trompeur.' })).status).toBe(200);
    const stale = await call(t, 'POST', `surveys/${s.id}/close`, owner.session, {});
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('invalid_transition');
    expect(stale.body.message).toMatch(/rejet/i);
    // The reason is kept until the owner fixes the survey and publishes again.
    const edited = await call(t, 'POST', 'questions', owner.session, { step_id: s.stepIds[0], label: 'Précisez', type: 'short_text' });
    expect(edited.status).toBe(201);
  });

  it('the admin acting on a list read before the owner closed it is refused in French, nothing audited', async () => {
    const s = await publishedSurvey();
    expect((await call(t, 'POST', `surveys/${s.id}/close`, owner.session, {})).status).toBe(200);
    const late = await call(t, 'POST', `admin/surveys/${s.id}/reject`, admin, { comment: 'Trop tard.' });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/clôturé/);
    expect(await auditCount(s.id)).toBe(0);
  });
});

describe('moderation in each reader’s language', () => {
  it('tells the owner in their own language, and refuses in the caller’s', async () => {
    const s = await publishedSurvey();
    await t.db.rows(sql`UPDATE users SET locale = 'zh-CN' WHERE id = ${owner.user.id}`);
    try {
      expect((await callIn(t, 'de', 'POST', `admin/surveys/${s.id}/reject`, admin, { comment: 'Titre trompeur.' })).status).toBe(200);
      const [{ title }] = await t.db.rows<{ title: string }>(sql`SELECT title FROM surveys WHERE id = ${s.id}`);
      const notices = (await call(t, 'GET', 'notifications', owner.session)).body.data as Array<{ title: string; body: string | null }>;
      expect(notices.find((n) => n.title.includes(title))).toMatchObject({ title: `平台团队驳回了表单“${title}”`, body: '原因：Titre trompeur.' });
    } finally {
      await t.db.rows(sql`UPDATE users SET locale = 'fr' WHERE id = ${owner.user.id}`);
    }
    const stale = await callIn(t, 'en', 'POST', `surveys/${s.id}/close`, owner.session, {});
    expect(stale.body.message).toBe('Cannot close this form: it is rejected. Only a published form can be.');
    const again = await callIn(t, 'es', 'POST', `admin/surveys/${s.id}/reject`, admin, { comment: 'Otra vez.' });
    expect(again.body.message).toBe('No se puede rechazar este formulario: está rechazado. Solo un formulario enviado o publicado puede serlo.');
  });
});
