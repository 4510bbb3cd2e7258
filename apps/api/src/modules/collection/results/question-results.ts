/**
 * Turns the aggregated rows of results.repository into one result per question: the
 * shape of API.md "Survey results" (percentages of the question's answered count).
 */
import { readQuestionSettings } from '@app/contracts';
import type { CountShare, QuestionResult } from '@app/contracts/survey-results';
import type { DefinitionQuestion, SurveyDefinition } from '../participations/survey-definition.repository';
export type { QuestionResult };
import type { ChoiceCountRow, MatrixCountRow, QuestionStatsRow, ValueCountRow } from './results.repository';
import { yesNoWord } from '../answers/answer.texts';


const round1 = (n: number) => Math.round(n * 10) / 10;
const share = (count: number, of: number): CountShare => ({ count, percent: of ? round1((count * 100) / of) : 0 });
const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));

interface Aggregates {
  stats: QuestionStatsRow[];
  choiceCounts: ChoiceCountRow[];
  valueCounts: ValueCountRow[];
  matrixCounts: MatrixCountRow[];
}

function choiceResults(q: DefinitionQuestion, answered: number, rows: ChoiceCountRow[]): QuestionResult['choices'] {
  const byChoice = new Map(rows.filter((r) => r.question_id === q.id).map((r) => [Number(r.choice_id), r]));
  return q.choices.map((c) => {
    const row = byChoice.get(c.id);
    const base = { id: c.id, label: c.label, ...share(Number(row?.n ?? 0), answered) };
    if (q.type !== 'ranking') return base;
    return { ...base, average_position: row ? Math.round(Number(row.average_position) * 100) / 100 : null, first: Number(row?.first ?? 0) };
  });
}

function distribution(q: DefinitionQuestion, answered: number, rows: ValueCountRow[], locale: string): QuestionResult['distribution'] {
  const counts = new Map(rows.filter((r) => r.question_id === q.id).map((r) => [Number(r.value), Number(r.n)]));
  let values: Array<{ value: number; label: string }>;
  // The value says yes (1) or no (0); the label is for API callers, in the request's language.
  if (q.type === 'yes_no') values = [{ value: 1, label: yesNoWord(true, locale) }, { value: 0, label: yesNoWord(false, locale) }];
  else {
    const s = q.type === 'rating' ? { min: 1, max: readQuestionSettings('rating', q.settings).max } : readQuestionSettings('scale', q.settings);
    values = Array.from({ length: s.max - s.min + 1 }, (_, i) => ({ value: s.min + i, label: String(s.min + i) }));
  }
  return values.map((v) => ({ ...v, ...share(counts.get(v.value) ?? 0, answered) }));
}

function matrixRows(q: DefinitionQuestion, rows: MatrixCountRow[]): QuestionResult['rows'] {
  const s = q.settings as { rows?: Array<{ id: string; label: string }>; columns?: Array<{ id: string; label: string }> };
  const mine = rows.filter((r) => r.question_id === q.id);
  return (s.rows ?? []).map((row) => {
    const cells = mine.filter((r) => r.row_id === row.id);
    const answered = cells.reduce((sum, c) => sum + Number(c.n), 0);
    return {
      id: row.id,
      label: row.label,
      answered,
      columns: (s.columns ?? []).map((col) => ({ id: col.id, label: col.label, ...share(Number(cells.find((c) => c.column_id === col.id)?.n ?? 0), answered) })),
    };
  });
}

function npsOf(q: DefinitionQuestion, stat: QuestionStatsRow | undefined): QuestionResult['nps'] | undefined {
  if (q.type !== 'scale') return undefined;
  const s = readQuestionSettings('scale', q.settings);
  if (!s.nps || s.min !== 0 || s.max !== 10) return undefined;
  const answered = Number(stat?.answered ?? 0);
  const promoters = Number(stat?.promoters ?? 0);
  const detractors = Number(stat?.detractors ?? 0);
  return {
    promoters,
    passives: answered - promoters - detractors,
    detractors,
    score: answered ? round1(((promoters - detractors) * 100) / answered) : null,
  };
}

export function buildQuestionResults(definition: SurveyDefinition, total: number, data: Aggregates, locale: string = 'fr'): QuestionResult[] {
  const statsOf = new Map(data.stats.map((s) => [Number(s.question_id), s]));
  return definition.questions.map((q) => {
    const stat = statsOf.get(q.id);
    const answered = Number(stat?.answered ?? 0);
    const result: QuestionResult = {
      question_id: q.id,
      step_id: q.step_id,
      label: q.label,
      type: q.type,
      answered,
      answer_rate: total ? round1((answered * 100) / total) : 0,
    };
    if (['single_choice', 'multiple_choice', 'dropdown', 'ranking'].includes(q.type)) result.choices = choiceResults(q, answered, data.choiceCounts);
    if (['number', 'rating', 'scale'].includes(q.type)) {
      const average = num(stat?.average);
      result.stats = { average: average === null ? null : Math.round(average * 100) / 100, min: num(stat?.min), max: num(stat?.max), sum: num(stat?.sum) };
    }
    if (['rating', 'scale', 'yes_no'].includes(q.type)) result.distribution = distribution(q, answered, data.valueCounts, locale);
    const nps = npsOf(q, stat);
    if (nps) result.nps = nps;
    if (q.type === 'matrix') result.rows = matrixRows(q, data.matrixCounts);
    if (q.type === 'date') result.dates = { min: stat?.min_date ?? null, max: stat?.max_date ?? null };
    return result;
  });
}
