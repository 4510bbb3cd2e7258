import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { type ExportQuestion, toExportQuestion } from './export-columns';

export interface ExportSurvey {
  id: number;
  code: string;
  title: string;
  company_id: number | null;
  company_name: string | null;
  /** settings.anonymous: who answered stays hidden, exports included (DOMAIN.md). */
  anonymous: boolean;
}

/**
 * The survey with its company's name; null when absent, deleted, or (with `companyId`)
 * another company's, so the caller answers 404 either way.
 */
export async function findExportSurvey(db: Database, surveyId: number, companyId: number | null): Promise<ExportSurvey | null> {
  const [row] = await db.rows<ExportSurvey>(sql`
    SELECT s.id, s.code, s.title, s.company_id, c.name AS company_name,
      coalesce((s.settings ->> 'anonymous')::boolean, false) AS anonymous
    FROM surveys s LEFT JOIN companies c ON c.id = s.company_id
    WHERE s.id = ${surveyId} AND s.deleted_at IS NULL
      ${companyId === null ? sql`` : sql`AND s.company_id = ${companyId}`}`);
  return row ?? null;
}

interface QuestionRow {
  id: number;
  label: string;
  type: string;
  settings: Record<string, unknown> | null;
  condition: unknown;
  active: boolean;
}

/**
 * The survey's questions in answering order (step position, then question position),
 * inactive ones included: past participations may hold answers to them.
 */
export async function loadExportQuestions(db: Database, surveyId: number): Promise<ExportQuestion[]> {
  const questions = await db.rows<QuestionRow>(sql`
    SELECT q.id, q.label, q.type, q.settings, q.condition, (q.state = 'active' AND coalesce(st.state, 'active') = 'active') AS active
    FROM questions q LEFT JOIN steps st ON st.id = q.step_id
    WHERE q.survey_id = ${surveyId}
    ORDER BY coalesce(st.position, -1), st.id, q.position, q.id`);
  if (questions.length === 0) return [];
  const choices = await db.rows<{ id: number; question_id: number; label: string }>(sql`
    SELECT c.id, c.question_id, c.label FROM choices c
    JOIN questions q ON q.id = c.question_id
    WHERE q.survey_id = ${surveyId}
    ORDER BY c.question_id, c.position, c.id`);
  const byQuestion = new Map<number, { id: number; label: string }[]>();
  for (const c of choices) {
    const list = byQuestion.get(c.question_id) ?? [];
    list.push(c);
    byQuestion.set(c.question_id, list);
  }
  return questions.map((q) => toExportQuestion(q, byQuestion.get(q.id) ?? []));
}
