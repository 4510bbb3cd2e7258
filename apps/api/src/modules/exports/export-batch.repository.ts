import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type AnswerStorage, storageOf } from './answer-cells';
import type { ExportQuestion } from './export-columns';

/** Which participations an export covers. */
export interface ExportScope {
  surveyId: number;
  companyId: number;
  /** Leave the respondent's name, phone and e-mail out (anonymous survey). */
  anonymous: boolean;
  statuses: readonly string[];
  /** Bounds on submitted_at: from inclusive, to exclusive. */
  from: Date | null;
  to: Date | null;
}

/** One participation with its answers pivoted: `answers[i]` belongs to `questions[i]`. */
export interface ParticipationRecord {
  id: number;
  submitted_ms: number | null;
  status: string;
  score: number | null;
  latitude: number | null;
  longitude: number | null;
  target_kind: string | null;
  target_id: number | null;
  target_name: string | null;
  respondent: string | null;
  phone: string | null;
  email: string | null;
  answers: unknown[];
}

const keyLists: string[][] = [];
/** Column names q0..qN-1 of the pivot, built once per size (not per cell). */
function pivotKeys(count: number): string[] {
  keyLists[count] ??= Array.from({ length: count }, (_, i) => `q${i}`);
  return keyLists[count];
}

// Integers inlined in SQL come from the database (question ids), never from a request.
const int = (n: number) => sql.raw(String(Math.trunc(n)));

function pivotExpression(storage: AnswerStorage, questionId: number): SQL {
  const only = sql`FILTER (WHERE a.question_id = ${int(questionId)})`;
  switch (storage) {
    case 'number':
      return sql`max(a.value_number) ${only}`;
    case 'date':
      return sql`max(a.value_date) ${only}`;
    case 'choices':
      return sql`max(a.value_choices) ${only}`;
    case 'json':
      return sql`(array_agg(a.value_json) ${only})[1]`;
    case 'media':
      return sql`max(m.path) ${only}`;
    case 'boolean':
      return sql`max(a.value_number) ${only}`;
    default:
      return sql`max(a.value_text) ${only}`;
  }
}

const BATCH_COLUMNS = sql`p.id, p.company_id, p.status, p.score, p.latitude, p.longitude, p.target_kind, p.target_id,
  p.participant_id, p.user_id, p.agent_id, p.submitted_at`;

/**
 * The batch's participations, one index range per status on (survey_id, status, id)
 * merged by id, so each batch costs its own size whatever the survey's, and a keyset
 * (id > after) instead of an offset so the millionth row costs what the first did. The
 * rows come out whole: joining the ids back to participations lets the planner pick a
 * merge join that rescans the table from its start at every batch.
 */
function batchRows(scope: ExportScope, afterId: number, limit: number): SQL {
  const branches = scope.statuses.map(
    (status) => sql`(SELECT ${BATCH_COLUMNS} FROM participations p
      WHERE p.survey_id = ${scope.surveyId} AND p.company_id = ${scope.companyId} AND p.status = ${status}
        AND p.deleted_at IS NULL AND p.id > ${afterId}
        ${scope.from ? sql`AND p.submitted_at >= ${scope.from.toISOString()}::timestamptz` : sql``}
        ${scope.to ? sql`AND p.submitted_at < ${scope.to.toISOString()}::timestamptz` : sql``}
      ORDER BY p.id LIMIT ${limit})`,
  );
  return sql`SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) rows ORDER BY id LIMIT ${limit}`;
}

/** The evaluated target's name for a row `p` of participations (kinds with a table of their own). */
export const TARGET_NAME = sql`CASE p.target_kind
    WHEN 'agent' THEN (SELECT nullif(trim(concat_ws(' ', t.first_name, t.last_name)), '') FROM agents t
      WHERE t.id = p.target_id AND t.company_id = p.company_id)
    WHEN 'group' THEN (SELECT t.name FROM groups t WHERE t.id = p.target_id AND t.company_id = p.company_id)
    WHEN 'company' THEN (SELECT t.name FROM companies t WHERE t.id = p.target_id AND t.id = p.company_id)
  END`;

/**
 * Who answered, for a row `p` of participations: the participant, else the user, else
 * the agent. A LATERAL join so each batch row looks its people up by primary key (a
 * plain join lets the planner hash whole tables at every batch).
 */
export const RESPONDENT_JOIN = sql`LEFT JOIN LATERAL (
      SELECT coalesce(nullif(trim(pt.name), ''), nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''),
          nullif(trim(concat_ws(' ', ag.first_name, ag.last_name)), '')) AS respondent,
        coalesce(pt.phone, u.phone, ag.phone) AS phone,
        coalesce(pt.email, u.email, ag.email) AS email
      FROM (SELECT 1) one
      LEFT JOIN participants pt ON pt.id = p.participant_id
      LEFT JOIN users u ON u.id = p.user_id
      LEFT JOIN agents ag ON ag.id = p.agent_id
    ) who ON true`;

/** The statement of fetchParticipationBatch (exposed for EXPLAIN in benchmarks). */
export function participationBatchQuery(scope: ExportScope, questions: readonly ExportQuestion[], afterId: number, limit: number): SQL {
  const pivot = questions.length
    ? sql.join(
        questions.map((q, i) => sql`${pivotExpression(storageOf(q.type), q.id)} AS ${sql.raw(`q${i}`)}`),
        sql`, `,
      )
    : sql`NULL AS q_none`;
  const wantsMedia = questions.some((q) => storageOf(q.type) === 'media');
  return sql`
    WITH p AS (${batchRows(scope, afterId, limit)})
    SELECT p.id, p.status, p.score, p.latitude, p.longitude, p.target_kind, p.target_id,
      (extract(epoch FROM p.submitted_at) * 1000)::float8 AS submitted_ms,
      ${TARGET_NAME} AS target_name,
      ${scope.anonymous ? sql`NULL::text AS respondent, NULL::text AS phone, NULL::text AS email` : sql`who.respondent, who.phone, who.email`},
      x.*
    FROM p
    ${scope.anonymous ? sql`` : RESPONDENT_JOIN}
    LEFT JOIN LATERAL (
      SELECT ${pivot} FROM answers a
      ${wantsMedia ? sql`LEFT JOIN medias m ON m.id = a.media_id` : sql``}
      WHERE a.participation_id = p.id
    ) x ON true
    ORDER BY p.id`;
}

/**
 * Whether PostgreSQL would JIT-compile the batch statement: its cost estimate grows with
 * the number of questions and crosses `jit_above_cost` in larger surveys, and compiling
 * then costs more than the batch takes to run. Asked once per export (PGlite: never).
 */
export async function batchWouldUseJit(db: Database, scope: ExportScope, questions: readonly ExportQuestion[], limit: number): Promise<boolean> {
  if (db.kind !== 'postgres') return false;
  const [settings] = await db.rows<{ jit: string; above: number }>(
    sql`SELECT current_setting('jit') AS jit, current_setting('jit_above_cost')::float8 AS above`,
  );
  if (settings.jit !== 'on' || settings.above < 0) return false;
  const [plan] = await db.rows<{ 'QUERY PLAN': unknown }>(sql`EXPLAIN (FORMAT JSON) ${participationBatchQuery(scope, questions, 0, limit)}`);
  const raw = plan['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Total Cost': number } }>;
  return parsed[0].Plan['Total Cost'] > settings.above;
}

/**
 * Up to `limit` participations after `afterId` in id order, answers pivoted in SQL.
 * `avoidJit` (see batchWouldUseJit) runs it in a transaction with JIT off.
 */
export async function fetchParticipationBatch(
  db: Database,
  scope: ExportScope,
  questions: readonly ExportQuestion[],
  afterId: number,
  limit: number,
  avoidJit = false,
): Promise<ParticipationRecord[]> {
  const query = participationBatchQuery(scope, questions, afterId, limit);
  const rows = avoidJit
    ? await db.transaction(async (tx) => {
        await tx.rows(sql`SET LOCAL jit = off`);
        return tx.rows<Record<string, unknown>>(query);
      })
    : await db.rows<Record<string, unknown>>(query);
  return rows.map((row) => ({
    id: row.id as number,
    submitted_ms: row.submitted_ms as number | null,
    status: row.status as string,
    score: row.score as number | null,
    latitude: row.latitude as number | null,
    longitude: row.longitude as number | null,
    target_kind: row.target_kind as string | null,
    target_id: row.target_id as number | null,
    target_name: row.target_name as string | null,
    respondent: row.respondent as string | null,
    phone: row.phone as string | null,
    email: row.email as string | null,
    answers: pivotKeys(questions.length).map((key) => row[key] ?? null),
  }));
}
