import { createHash } from 'node:crypto';
import { fillPlaceholders, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
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
  /** Its number in the company: the "N°" column. */
  number?: number | null;
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
      // As text ("3,1"): splitting it here costs far less than pg's generic array parser.
      return sql`array_to_string(max(a.value_choices) ${only}, ',')`;
    case 'json':
      return sql`(array_agg(a.value_json) ${only})[1]`;
    case 'media':
      // "<media id>:<file name>": the cell links to the media by id (answer-cells.ts).
      return sql`max(m.id::text || ':' || coalesce(m.original_name, regexp_replace(m.path, '^.*/', ''))) ${only}`;
    case 'boolean':
      return sql`max(a.value_number) ${only}`;
    default:
      return sql`max(a.value_text) ${only}`;
  }
}

const BATCH_COLUMNS = sql`p.id, p.company_id, p.status, p.score, p.latitude, p.longitude, p.target_kind, p.target_id,
  p.participant_id, p.user_id, p.agent_id, p.submitted_at, p.number`;

/** Bounds of a batch on participation ids: after `after`, up to `upTo` included (open when null). */
interface IdRange {
  after: number | Placeholder;
  upTo: number | Placeholder | null;
}

/**
 * One index range per status on (survey_id, status, id), merged by id, so each batch
 * costs its own size whatever the survey's, and a keyset (id > after) instead of an
 * offset so the millionth row costs what the first did.
 */
function scopedRows(scope: ExportScope, columns: SQL, range: IdRange, limit: number): SQL {
  const branches = scope.statuses.map(
    (status) => sql`(SELECT ${columns} FROM participations p
      WHERE p.survey_id = ${scope.surveyId} AND p.company_id = ${scope.companyId} AND p.status = ${status}
        AND p.deleted_at IS NULL AND p.id > ${range.after} ${range.upTo === null ? sql`` : sql`AND p.id <= ${range.upTo}`}
        ${scope.from ? sql`AND p.submitted_at >= ${scope.from.toISOString()}::timestamptz` : sql``}
        ${scope.to ? sql`AND p.submitted_at < ${scope.to.toISOString()}::timestamptz` : sql``}
      ORDER BY p.id LIMIT ${limit})`,
  );
  return sql`SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) rows ORDER BY id LIMIT ${limit}`;
}

/**
 * The batch's participations. The rows come out whole: joining the ids back to
 * participations lets the planner pick a merge join that rescans the table from its
 * start at every batch.
 */
function batchRows(scope: ExportScope, range: IdRange, limit: number): SQL {
  return scopedRows(scope, BATCH_COLUMNS, range, limit);
}

/**
 * The ids that close each of the next `count` batches of `limit` after `after` (the
 * last one closes a shorter batch at the end): cheap to read (ids only), they let
 * several batches be read at once, each from its own range.
 */
function batchBoundsQuery(scope: ExportScope, after: number, limit: number, count: number): SQL {
  return sql`SELECT id FROM (
      SELECT id, row_number() OVER (ORDER BY id) AS n, count(*) OVER () AS total
      FROM (${scopedRows(scope, sql`p.id`, { after, upTo: null }, limit * count)}) ids
    ) numbered
    WHERE n % ${limit} = 0 OR n = total
    ORDER BY id`;
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

/**
 * The batch statement: the participations of `range`, each with the columns toRecord
 * reads in that order, then one column per question (q0, q1, ...).
 */
export function participationBatchQuery(scope: ExportScope, questions: readonly ExportQuestion[], range: IdRange, limit: number): SQL {
  const pivot = questions.length
    ? sql.join(
        questions.map((q, i) => sql`${pivotExpression(storageOf(q.type), q.id)} AS ${sql.raw(`q${i}`)}`),
        sql`, `,
      )
    : sql`NULL AS q_none`;
  const wantsMedia = questions.some((q) => storageOf(q.type) === 'media');
  return sql`
    WITH p AS (${batchRows(scope, range, limit)})
    SELECT p.id, p.status, p.score, p.latitude, p.longitude, p.target_kind, p.target_id,
      (extract(epoch FROM p.submitted_at) * 1000)::float8 AS submitted_ms,
      ${TARGET_NAME} AS target_name,
      ${scope.anonymous ? sql`NULL::text AS respondent, NULL::text AS phone, NULL::text AS email` : sql`who.respondent, who.phone, who.email`},
      p.number,
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

/** Number of fixed columns in front of the answers in a batch row. */
const RECORD_COLUMNS = 13;

const COMMA = 44;
const ZERO = 48;

/**
 * Choice ids from their text form "3,1" (see pivotExpression), in the stored order.
 * Read digit by digit: a split and a Number() per id cost more than the rest of the cell.
 */
export function choiceIds(text: unknown): number[] | null {
  if (typeof text !== 'string') return null;
  const ids: number[] = [];
  let id = 0;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === COMMA) {
      if (digits) ids.push(id);
      id = 0;
      digits = 0;
    } else {
      id = id * 10 + (code - ZERO);
      digits++;
    }
  }
  if (digits) ids.push(id);
  return ids;
}

/** Turns one answer column's value into what the cell formatters take (choices: an id list). */
function answerDecoder(question: ExportQuestion): ((value: unknown) => unknown) | null {
  return storageOf(question.type) === 'choices' ? choiceIds : null;
}

function toRecord(row: unknown[], decoders: ReadonlyArray<((value: unknown) => unknown) | null>): ParticipationRecord {
  const answers = row.slice(RECORD_COLUMNS);
  for (let i = 0; i < answers.length; i++) {
    const decode = decoders[i];
    if (decode) answers[i] = decode(answers[i]);
  }
  return {
    id: row[0] as number,
    status: row[1] as string,
    score: row[2] as number | null,
    latitude: row[3] as number | null,
    longitude: row[4] as number | null,
    target_kind: row[5] as string | null,
    target_id: row[6] as number | null,
    submitted_ms: row[7] as number | null,
    target_name: row[8] as string | null,
    respondent: row[9] as string | null,
    phone: row[10] as string | null,
    email: row[11] as string | null,
    number: row[12] as number | null,
    answers,
  };
}

/**
 * Whether PostgreSQL would JIT-compile the batch statement: its cost estimate grows with
 * the number of questions and crosses `jit_above_cost` in larger surveys, and compiling
 * then costs more than the batch takes to run. Asked once per export.
 */
export async function batchWouldUseJit(db: Database, scope: ExportScope, questions: readonly ExportQuestion[], limit: number): Promise<boolean> {
  const [settings] = await db.rows<{ jit: string; above: number }>(
    sql`SELECT current_setting('jit') AS jit, current_setting('jit_above_cost')::float8 AS above`,
  );
  if (settings.jit !== 'on' || settings.above < 0) return false;
  const [plan] = await db.rows<{ 'QUERY PLAN': unknown }>(sql`EXPLAIN (FORMAT JSON) ${participationBatchQuery(scope, questions, { after: 0, upTo: null }, limit)}`);
  const raw = plan['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Total Cost': number } }>;
  return parsed[0].Plan['Total Cost'] > settings.above;
}

/** The reads of one export's participations, batch by batch. */
export interface BatchReader {
  /** Rows one read returns at most. */
  readonly limit: number;
  /** The ids closing the next `count` batches after `after` (fewer at the end, none past it). */
  bounds(after: number, count: number): Promise<number[]>;
  /** The participations of (after, upTo], at most one batch, in id order, answers pivoted in SQL. */
  read(after: number, upTo: number): Promise<ParticipationRecord[]>;
}

const dialect = new PgDialect();

/**
 * Prepares the reads of one export: the batch statement is built and compiled once (a
 * named statement PostgreSQL plans once per connection), rows come back as arrays, and
 * JIT is switched off when it would cost more than it saves (see batchWouldUseJit).
 * Building and planning the 20-column pivot at every batch was a large share of an
 * export's time. (Pooled connections close when idle, their prepared statements too.)
 */
export async function openBatchReader(
  db: Database,
  scope: ExportScope,
  questions: readonly ExportQuestion[],
  limit: number,
): Promise<BatchReader> {
  const statement = participationBatchQuery(scope, questions, { after: sql.placeholder('after'), upTo: sql.placeholder('upTo') }, limit);
  const compiled = dialect.sqlToQuery(statement);
  const name = `export_batch_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 24)}`;
  const jitOff = await batchWouldUseJit(db, scope, questions, limit);
  const decoders = questions.map(answerDecoder);
  return {
    limit,
    async bounds(after, count) {
      const rows = await db.rows<{ id: number }>(batchBoundsQuery(scope, after, limit, count));
      return rows.map((row) => Number(row.id));
    },
    async read(after, upTo) {
      const rows = await db.tuples({ name, text: compiled.sql }, fillPlaceholders(compiled.params, { after, upTo }), { jitOff });
      return rows.map((row) => toRecord(row, decoders));
    },
  };
}
