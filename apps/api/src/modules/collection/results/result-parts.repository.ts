/**
 * The survey results summed from the per-day parts of `result_days` (schema/results.ts,
 * migration `result_days`) instead of recounted from the answers: the whole UTC days of
 * the filter come from the parts (folded ones and the deltas not yet folded, read in one
 * statement so that a fold in between cannot count a part twice or lose it), a first or
 * last day only partly inside `from`/`to` from the raw rows (view `result_parts`).
 * Returns the same rows as the recount of results.repository.ts, which stays as the
 * oracle the tests compare with.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { ChoiceCountRow, MatrixCountRow, QuestionStatsRow, ResultsFilter, SummaryRow, ValueCountRow } from './results.repository';

export interface ResultAggregates {
  summary: SummaryRow[];
  stats: QuestionStatsRow[];
  choiceCounts: ChoiceCountRow[];
  valueCounts: ValueCountRow[];
  matrixCounts: MatrixCountRow[];
}

const DAY_MS = 86_400_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface RangePlan {
  /** Whole UTC days served by the parts: none, or [from, to) as YYYY-MM-DD (null: open). */
  days: { from: string | null; to: string | null; withUnsubmitted: boolean } | null;
  /** Partial days read whole from the parts, their part outside the filter taken away (`less`). */
  wholeOf: string[];
  /** Instants counted from the raw rows: the partial first and last days (or what a day of `wholeOf` must lose). */
  raw: Array<[Date, Date]>;
  less: Array<[Date, Date]>;
}

/**
 * Splits the filter's [from, to) into whole UTC days and the partial days at its ends.
 * A partial day is counted from the raw rows of the shorter side: the hours inside the
 * filter, or the whole day's parts less the hours outside it (a reader's local midnight
 * as `to`, 23 hours into a UTC day, costs one hour of raw rows, not 23).
 */
export function planRange(from: Date | null, to: Date | null): RangePlan {
  // No bound at all: every part, the never-submitted participations' ('-infinity') too.
  if (!from && !to) return { days: { from: null, to: null, withUnsubmitted: true }, wholeOf: [], raw: [], less: [] };
  const plan: RangePlan = { days: null, wholeOf: [], raw: [], less: [] };
  if (from && to && to <= from) return plan;
  const floor = (d: Date) => Math.floor(d.getTime() / DAY_MS) * DAY_MS;
  const at = (ms: number) => new Date(ms);
  if (from && to && floor(from) === floor(to) && from.getTime() !== floor(from)) {
    // Within one day, not from its midnight.
    const start = floor(from);
    if (to.getTime() - from.getTime() <= DAY_MS / 2) plan.raw.push([from, to]);
    else {
      plan.wholeOf.push(dayText(start));
      plan.less.push([at(start), from], [to, at(start + DAY_MS)]);
    }
    return plan;
  }
  let firstWhole: number | null = null;
  if (from) {
    const start = floor(from);
    firstWhole = from.getTime() === start ? start : start + DAY_MS;
    if (firstWhole !== start) {
      if (firstWhole - from.getTime() <= from.getTime() - start) plan.raw.push([from, at(firstWhole)]);
      else {
        plan.wholeOf.push(dayText(start));
        plan.less.push([at(start), from]);
      }
    }
  }
  let endWhole: number | null = null;
  if (to) {
    endWhole = floor(to);
    if (endWhole !== to.getTime()) {
      if (to.getTime() - endWhole <= endWhole + DAY_MS - to.getTime()) plan.raw.push([at(endWhole), to]);
      else {
        plan.wholeOf.push(dayText(endWhole));
        plan.less.push([to, at(endWhole + DAY_MS)]);
      }
    }
  }
  if (firstWhole === null || endWhole === null || firstWhole < endWhole) {
    plan.days = { from: firstWhole === null ? null : dayText(firstWhole), to: endWhole === null ? null : dayText(endWhole), withUnsubmitted: false };
  }
  return plan;
}

interface PartRow {
  kind: string;
  status: string | null;
  question_id: number;
  key: string;
  num_key: number;
  n: number | string;
  n_num: number | string;
  num_sum: number | string;
  promoters: number | string;
  detractors: number | string;
  ord_sum: number | string;
  firsts: number | string;
  /** For kind c: the mean rank, divided as avg() divides (numeric). */
  average_position: string | null;
}

const PART_COLUMNS = sql.raw('status, kind, question_id, key, num_key, n, n_num, num_sum, promoters, detractors, ord_sum, firsts');

/** The filter on a table of parts: survey, statuses and the whole days of the plan. */
function partsWhere(f: ResultsFilter, days: NonNullable<RangePlan['days']>, statuses: SQL, alias = ''): SQL {
  const c = (column: string) => sql.raw(alias ? `${alias}.${column}` : column);
  const conditions = [sql`${c('survey_id')} = ${f.surveyId}`, sql`${c('status')} IN (${statuses})`];
  if (!days.withUnsubmitted) conditions.push(sql`${c('day')} > '-infinity'::date`);
  if (days.from) conditions.push(sql`${c('day')} >= ${days.from}::date`);
  if (days.to) conditions.push(sql`${c('day')} < ${days.to}::date`);
  return sql.join(conditions, sql` AND `);
}

/**
 * A number or date part of the survey that a delta not yet folded also names. `perRow`
 * keeps it a test of each row read (OFFSET 0: never turned into a join), so that a scan
 * in key order stops at the first value without a delta.
 */
const HAS_DELTA = (alias: string, perRow = false) =>
  sql.raw(`EXISTS (SELECT 1 FROM result_day_deltas x WHERE x.survey_id = ${alias}.survey_id AND x.kind = ${alias}.kind
    AND x.question_id = ${alias}.question_id AND x.key = ${alias}.key AND x.num_key = ${alias}.num_key${perRow ? ' OFFSET 0' : ''})`);

/**
 * The smallest and largest number (kind v) or date (kind d) of each question, from the
 * folded parts, each read at one end of the primary key (survey, kind, question, key,
 * num_key, ...) instead of summing the many values a number or a date question takes.
 * A folded part always counts at least one answer (the fold deletes empty ones), so the
 * first part within the filter is the minimum; values a pending delta names are left to
 * the summed parts, which add the delta to them.
 */
function extremes(f: ResultsFilter, days: NonNullable<RangePlan['days']>, statuses: SQL, kind: 'v' | 'd', questionIds: number[]): SQL {
  // Numbers all have key '' and are ordered by num_key; dates have num_key 0, ordered by key.
  const order = sql.raw(kind === 'v' ? "d.key = '' ORDER BY d.num_key" : 'd.num_key = 0 ORDER BY d.key');
  const end = (direction: 'ASC' | 'DESC') => sql`(SELECT d.status, d.kind, d.question_id, d.key, d.num_key FROM result_days d
      WHERE d.kind = ${kind} AND d.question_id = q.id AND ${partsWhere(f, days, statuses, 'd')} AND NOT ${HAS_DELTA('d', true)}
      AND ${order} ${sql.raw(direction)} LIMIT 1)`;
  return sql`SELECT e.status, e.kind, e.question_id, e.key, e.num_key, 1 AS n, 0 AS n_num, 0::float8 AS num_sum, 0 AS promoters, 0 AS detractors,
      0::bigint AS ord_sum, 0 AS firsts
    FROM unnest(${`{${questionIds.join(',')}}`}::int[]) AS q(id) CROSS JOIN LATERAL (${end('ASC')} UNION ALL ${end('DESC')}) AS e`;
}

/**
 * The parts of the participations submitted within `ranges`, from the raw rows: the same
 * rule as the view `result_parts` (result_answer_parts), written so that each
 * participation's answers are read through their (participation_id, question_id) index
 * (OFFSET 0 keeps the planner from scanning all the survey's answers instead).
 */
function rawParts(f: ResultsFilter, ranges: Array<[Date, Date]>, statuses: SQL, sign: 1 | -1 = 1): SQL {
  const within = sql.join(
    ranges.map(([a, b]) => sql`(submitted_at >= ${a.toISOString()} AND submitted_at < ${b.toISOString()})`),
    sql` OR `,
  );
  const signed = sql.raw(
    ['n', 'n_num', 'num_sum', 'promoters', 'detractors', 'ord_sum', 'firsts'].map((c) => (sign === 1 ? c : `-${c} AS ${c}`)).join(', '),
  );
  return sql`SELECT status, kind, question_id, key, num_key, ${signed} FROM (
    WITH ps AS MATERIALIZED (
      SELECT id, survey_id, status, score FROM participations
       WHERE survey_id = ${f.surveyId} AND deleted_at IS NULL AND status IN (${statuses}) AND (${within}))
    SELECT status, 'p'::text AS kind, 0 AS question_id, ''::text AS key, 0::float8 AS num_key, 1 AS n, (score IS NOT NULL)::int AS n_num,
           COALESCE(score, 0) AS num_sum, 0 AS promoters, 0 AS detractors, 0::bigint AS ord_sum, 0 AS firsts
      FROM ps
    UNION ALL
    SELECT ps.status, x.kind, a.question_id, x.key, x.num_key, x.n, x.n_num, x.num_sum, x.promoters, x.detractors, x.ord_sum, x.firsts
      FROM ps
     CROSS JOIN LATERAL (SELECT * FROM answers WHERE participation_id = ps.id AND survey_id = ps.survey_id OFFSET 0) AS a
     CROSS JOIN LATERAL result_answer_parts(a.value_number, a.value_date, a.value_choices, a.value_json) AS x
  ) AS raw`;
}

/** First and last submission per requested status, at the two ends of an index. */
function loadFirstLast(db: Database, f: ResultsFilter) {
  const range = [
    ...(f.from ? [sql`submitted_at >= ${f.from.toISOString()}`] : []),
    ...(f.to ? [sql`submitted_at < ${f.to.toISOString()}`] : []),
  ];
  const where = (status: SQL) => sql.join([sql`survey_id = ${f.surveyId}`, sql`status = ${status}`, sql`deleted_at IS NULL`, ...range], sql` AND `);
  return db.rows<{ status: string; first_at: string | Date | null; last_at: string | Date | null }>(sql`
    SELECT s.status,
           (SELECT min(submitted_at) FROM participations WHERE ${where(sql`s.status`)}) AS first_at,
           (SELECT max(submitted_at) FROM participations WHERE ${where(sql`s.status`)}) AS last_at
      FROM unnest(${`{${f.statuses.join(',')}}`}::text[]) AS s(status)`);
}

/** Which questions need what: value counts (distributions), extremes of numbers and dates. */
export interface PartQuestions {
  distributions: number[];
  numbers: number[];
  dates: number[];
}

/**
 * `fold: false` reads without folding the deltas first, as a request does while another
 * one folds (the tests compare that too, with deltas pending).
 */
export async function loadResultAggregates(db: Database, f: ResultsFilter, questions: PartQuestions, fold = true): Promise<ResultAggregates> {
  // Folding first keeps the deltas read below few; skipped when another request folds.
  if (fold) await db.rows(sql`SELECT result_days_compact(${f.surveyId})`);
  const plan = planRange(f.from, f.to);
  const statuses = sql.join(
    f.statuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const distributions = sql`${`{${questions.distributions.join(',')}}`}::int[]`;
  const sources: SQL[] = [];
  if (plan.days) {
    const where = partsWhere(f, plan.days, statuses);
    sources.push(
      // Counts and sums: every part but the values of numbers and dates (distributions aside).
      sql`SELECT ${PART_COLUMNS} FROM result_days WHERE ${where} AND kind IN ('p', 'q', 'c', 'm')`,
      sql`SELECT ${PART_COLUMNS} FROM result_days WHERE ${where} AND kind = 'v' AND question_id = ANY(${distributions})`,
      // Values of numbers and dates that pending deltas change, with those deltas.
      sql`SELECT ${PART_COLUMNS} FROM result_days d WHERE ${partsWhere(f, plan.days, statuses, 'd')} AND d.kind IN ('v', 'd')
        AND NOT (d.kind = 'v' AND d.question_id = ANY(${distributions})) AND ${HAS_DELTA('d')}`,
      sql`SELECT ${PART_COLUMNS} FROM result_day_deltas WHERE ${where}`,
    );
    if (questions.numbers.length) sources.push(extremes(f, plan.days, statuses, 'v', questions.numbers));
    if (questions.dates.length) sources.push(extremes(f, plan.days, statuses, 'd', questions.dates));
  }
  if (plan.wholeOf.length) {
    // Every part of those days (values included: their extremes come from the sums).
    const days = sql`${`{${plan.wholeOf.join(',')}}`}::date[]`;
    for (const table of ['result_days', 'result_day_deltas']) {
      sources.push(sql`SELECT ${PART_COLUMNS} FROM ${sql.raw(table)} WHERE survey_id = ${f.surveyId} AND status IN (${statuses}) AND day = ANY(${days})`);
    }
  }
  if (plan.raw.length) sources.push(rawParts(f, plan.raw, statuses));
  if (plan.less.length) sources.push(rawParts(f, plan.less, statuses, -1));
  const sum = sql`
    SELECT kind, CASE WHEN kind = 'p' THEN status END AS status, question_id, key, num_key,
           sum(n) AS n, sum(n_num) AS n_num, sum(num_sum) AS num_sum, sum(promoters) AS promoters, sum(detractors) AS detractors,
           sum(ord_sum) AS ord_sum, sum(firsts) AS firsts,
           CASE WHEN kind = 'c' AND sum(n) > 0 THEN sum(ord_sum)::numeric / sum(n)::numeric END AS average_position
      FROM (${sql.join(sources, sql` UNION ALL `)}) AS parts
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(n) <> 0`;
  const [parts, firstLast] = await Promise.all([
    sources.length === 0 ? Promise.resolve([] as PartRow[]) : plan.raw.length || plan.less.length ? withoutJit(db, sum) : db.rows<PartRow>(sum),
    loadFirstLast(db, f),
  ]);
  return fromParts(parts, firstLast);
}

/**
 * The raw rows of partial days make the planner expect millions of rows (each answer's
 * parts are set-returning functions, estimated at 100 rows or more each), so PostgreSQL
 * would compile the statement with JIT, which costs seconds for a few thousand rows.
 */
function withoutJit(db: Database, query: SQL): Promise<PartRow[]> {
  return db.transaction(async (tx) => {
    await tx.rows(sql`SET LOCAL jit = off`);
    return tx.rows<PartRow>(query);
  });
}

/** The recount's rows (results.repository.ts) from the summed parts. */
function fromParts(parts: PartRow[], firstLast: Array<{ status: string; first_at: string | Date | null; last_at: string | Date | null }>): ResultAggregates {
  const out: ResultAggregates = { summary: [], stats: [], choiceCounts: [], valueCounts: [], matrixCounts: [] };
  const stats = new Map<number, QuestionStatsRow>();
  const statOf = (questionId: number) => {
    let row = stats.get(questionId);
    if (!row) {
      row = { question_id: questionId, answered: 0, average: null, min: null, max: null, sum: null, min_date: null, max_date: null, promoters: 0, detractors: 0 };
      stats.set(questionId, row);
    }
    return row;
  };
  const edges = new Map(firstLast.map((r) => [r.status, r]));
  for (const p of parts) {
    const questionId = Number(p.question_id);
    switch (p.kind) {
      case 'p': {
        const scored = Number(p.n_num);
        const edge = edges.get(p.status as string);
        out.summary.push({
          status: p.status as string,
          n: Number(p.n),
          scored,
          score_sum: scored ? Number(p.num_sum) : null,
          first_at: edge?.first_at ?? null,
          last_at: edge?.last_at ?? null,
        });
        break;
      }
      case 'q': {
        const row = statOf(questionId);
        const numbers = Number(p.n_num);
        row.answered = Number(p.n);
        row.promoters = Number(p.promoters);
        row.detractors = Number(p.detractors);
        row.sum = numbers ? Number(p.num_sum) : null;
        row.average = numbers ? Number(p.num_sum) / numbers : null;
        break;
      }
      case 'v': {
        const row = statOf(questionId);
        const value = Number(p.num_key);
        if (row.min === null || value < Number(row.min)) row.min = value;
        if (row.max === null || value > Number(row.max)) row.max = value;
        out.valueCounts.push({ question_id: questionId, value, n: Number(p.n) });
        break;
      }
      case 'd': {
        const row = statOf(questionId);
        if (row.min_date === null || p.key < row.min_date) row.min_date = p.key;
        if (row.max_date === null || p.key > row.max_date) row.max_date = p.key;
        break;
      }
      case 'c':
        out.choiceCounts.push({ question_id: questionId, choice_id: Number(p.num_key), n: Number(p.n), average_position: p.average_position ?? 0, first: Number(p.firsts) });
        break;
      case 'm': {
        const [rowId, columnId] = JSON.parse(p.key) as [string, string];
        out.matrixCounts.push({ question_id: questionId, row_id: rowId, column_id: columnId, n: Number(p.n) });
        break;
      }
    }
  }
  out.stats = [...stats.values()];
  return out;
}
