// Survey data for benchmarks, made with set-based SQL (generate_series) so that a
// million participations take minutes, not hours: a published survey of N questions
// of mixed types, then participations, participants and one answer per question.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../apps/api/src/db/client';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, DEMO_PASSWORD, seedDemoData } from '../../apps/api/src/demo/demo';
import { seedPlatformData } from '../../apps/api/src/db/seed/platform';

/** Types cycled through for the questions (ranking and matrix need fuller answers; not here). */
const TYPES = [
  'short_text', 'single_choice', 'number', 'multiple_choice', 'yes_no', 'rating', 'scale', 'date', 'long_text', 'dropdown',
  'email', 'phone', 'time', 'single_choice', 'multiple_choice', 'rating', 'short_text', 'number', 'yes_no', 'scale',
];
const CHOICE_TYPES = new Set(['single_choice', 'multiple_choice', 'dropdown']);

export interface BenchSurvey {
  id: number;
  /** The public code respondents name it by. */
  code: string;
  companyId: number;
  questions: Array<{ id: number; type: string; choices: number[] }>;
}

/** Platform data and the demo accounts: "Démo SARL" and its owner sign in with DEMO_PASSWORD. */
export async function seedBenchAccounts(db: Database): Promise<{ companyId: number }> {
  await seedPlatformData(db);
  await seedDemoData(db);
  const [row] = await db.rows<{ id: number }>(sql`SELECT id FROM companies WHERE code = ${DEMO_COMPANIES.demo.code}`);
  return { companyId: row.id };
}

/** Signs the demo owner in through the API; the headers to send with each request. */
export async function ownerHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    payload: { login: DEMO_ACCOUNTS.agent.email, password: DEMO_PASSWORD, device: { ref: `bench-${Date.now()}` } },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const { token, user } = res.json().data;
  return { authorization: `Bearer ${token}`, userid: String(user.id) };
}

/** A published survey of `count` questions (one step), choice questions with four choices. */
export async function createBenchSurvey(db: Database, companyId: number, count: number, title: string): Promise<BenchSurvey> {
  const code = `B${Math.random().toString(36).slice(2, 9).toUpperCase().replace(/[01IO]/g, 'X')}`;
  const [survey] = await db.rows<{ id: number }>(sql`
    INSERT INTO surveys (company_id, code, title, status, published_at) VALUES (${companyId}, ${code}, ${title}, 'published', now()) RETURNING id`);
  const [step] = await db.rows<{ id: number }>(sql`
    INSERT INTO steps (survey_id, company_id, title, position) VALUES (${survey.id}, ${companyId}, 'Questions', 0) RETURNING id`);
  const questions: BenchSurvey['questions'] = [];
  for (let i = 0; i < count; i++) {
    const type = TYPES[i % TYPES.length];
    const [q] = await db.rows<{ id: number }>(sql`
      INSERT INTO questions (survey_id, step_id, company_id, label, type, position)
      VALUES (${survey.id}, ${step.id}, ${companyId}, ${`Question ${i + 1} (${type})`}, ${type}, ${i}) RETURNING id`);
    let choices: number[] = [];
    if (CHOICE_TYPES.has(type)) {
      const rows = await db.rows<{ id: number }>(sql`
        INSERT INTO choices (question_id, company_id, label, value, position, score)
        SELECT ${q.id}, ${companyId}, 'Option ' || n, 'option-' || n, n, n FROM generate_series(1, 4) n RETURNING id`);
      choices = rows.map((r) => r.id).sort((a, b) => a - b);
    }
    questions.push({ id: q.id, type, choices });
  }
  return { id: survey.id, code, companyId, questions };
}

function answerValues(q: BenchSurvey['questions'][number]) {
  // The k-th choice (cycling) of the question, by its id.
  const c = (k: string) => sql.raw(`(ARRAY[${q.choices.join(',')}]::int[])[1 + (${k} % 4)]`);
  switch (q.type) {
    case 'number':
      return { number: sql`(p.id % 97)::float8`, text: sql`NULL`, date: sql`NULL`, choices: sql`NULL::int[]` };
    case 'rating':
      return { number: sql`(1 + p.id % 5)::float8`, text: sql`NULL`, date: sql`NULL`, choices: sql`NULL::int[]` };
    case 'scale':
      return { number: sql`(p.id % 11)::float8`, text: sql`NULL`, date: sql`NULL`, choices: sql`NULL::int[]` };
    case 'yes_no':
      return { number: sql`(p.id % 3 > 0)::int::float8`, text: sql`NULL`, date: sql`NULL`, choices: sql`NULL::int[]` };
    case 'date':
      return { number: sql`NULL`, text: sql`NULL`, date: sql`to_char(date '2026-01-01' + (p.id % 90)::int, 'YYYY-MM-DD')`, choices: sql`NULL::int[]` };
    case 'single_choice':
    case 'dropdown':
      return { number: sql`NULL`, text: sql`NULL`, date: sql`NULL`, choices: sql`ARRAY[${c('p.id')}]` };
    case 'multiple_choice':
      return { number: sql`NULL`, text: sql`NULL`, date: sql`NULL`, choices: sql`ARRAY[${c('p.id')}, ${c('(p.id + 1)')}]` };
    case 'email':
      return { number: sql`NULL`, text: sql`'client' || p.id || '@exemple.cm'`, date: sql`NULL`, choices: sql`NULL::int[]` };
    case 'phone':
      return { number: sql`NULL`, text: sql`'6' || (70000000 + p.id % 9999999)::text`, date: sql`NULL`, choices: sql`NULL::int[]` };
    case 'time':
      return { number: sql`NULL`, text: sql`lpad((8 + p.id % 10)::text, 2, '0') || ':30'`, date: sql`NULL`, choices: sql`NULL::int[]` };
    case 'long_text':
      return { number: sql`NULL`, text: sql`'Très bon accueil ; un peu d''attente à la caisse, n° ' || p.id`, date: sql`NULL`, choices: sql`NULL::int[]` };
    default:
      return { number: sql`NULL`, text: sql`'Réponse ' || p.id`, date: sql`NULL`, choices: sql`NULL::int[]` };
  }
}

/**
 * `count` submitted participations, each with a participant and an answer to every
 * question, in slices of `slice` participations per statement (statement timeouts).
 * A participation's answers are stored side by side, as one submission writes them.
 */
export async function generateParticipations(db: Database, survey: BenchSurvey, count: number, slice = 25_000): Promise<void> {
  for (let start = 1; start <= count; start += slice) {
    await db.transaction((tx) => generateSlice(tx, survey, start, Math.min(count, start + slice - 1)));
  }
  // Data at rest, as a live database has it after autovacuum: hint bits set and the
  // visibility map built, so the first timed read does not pay for the bulk load.
  await db.rows(sql`VACUUM ANALYZE participations`);
  await db.rows(sql`VACUUM ANALYZE answers`);
  await db.rows(sql`VACUUM ANALYZE participants`);
}

async function generateSlice(db: Database, survey: BenchSurvey, start: number, end: number): Promise<void> {
  // Rows are consistent by construction: skip the foreign-key triggers (4 per answer),
  // which would otherwise cost most of the set-up time. Local to this transaction.
  await db.rows(sql`SET LOCAL session_replication_role = replica`);
  const [range] = await db.rows<{ first: number; last: number }>(sql`
    WITH ins AS (
      INSERT INTO participants (company_id, name, phone, email, src)
      SELECT ${survey.companyId}, 'Participant ' || g, '6' || (77000000 + g)::text, 'p' || g || '@exemple.cm', 'bench'
      FROM generate_series(${start}::int, ${end}::int) g RETURNING id)
    SELECT min(id) AS first, max(id) AS last FROM ins`);
  // Identity values of one statement on a private database are consecutive.
  if (Number(range.last) - Number(range.first) !== end - start) throw new Error('participant ids are not contiguous');
  const [ids] = await db.rows<{ first: number; last: number }>(sql`
    WITH ins AS (
      INSERT INTO participations (survey_id, company_id, participant_id, status, client_uuid, started_at, submitted_at, score, latitude, longitude)
      SELECT ${survey.id}, ${survey.companyId}, ${range.first}::int + g - ${start}::int,
        (ARRAY['submitted', 'checked', 'validated'])[1 + g % 3],
        'bench-' || ${survey.id} || '-' || g, now() - (g % 86400) * interval '1 minute', now() - (g % 86400) * interval '1 minute',
        g % 40, 4.05 + (g % 100) / 10000.0, 9.7 + (g % 100) / 10000.0
      FROM generate_series(${start}::int, ${end}::int) g RETURNING id)
    SELECT min(id) AS first, max(id) AS last FROM ins`);
  const parts = survey.questions.map((q) => {
    const v = answerValues(q);
    return sql`SELECT p.id, ${q.id}::int AS question_id, ${v.text}::text AS t, ${v.number}::float8 AS n, ${v.date}::text AS d, ${v.choices} AS c
      FROM participations p WHERE p.id BETWEEN ${ids.first} AND ${ids.last}`;
  });
  await db.rows(sql`
    INSERT INTO answers (participation_id, company_id, survey_id, question_id, value_text, value_number, value_date, value_choices)
    SELECT x.id, ${survey.companyId}, ${survey.id}, x.question_id, x.t, x.n, x.d, x.c FROM (${sql.join(parts, sql` UNION ALL `)}) x
    ORDER BY x.id, x.question_id`);
}
