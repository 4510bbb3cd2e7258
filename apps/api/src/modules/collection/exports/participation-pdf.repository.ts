import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { RESPONDENT_JOIN, TARGET_NAME } from './export-batch.repository';

export interface PdfParticipation {
  id: number;
  /** Its number in the company ("N°"). */
  number: number;
  survey_id: number;
  company_id: number;
  company_name: string;
  survey_code: string;
  survey_title: string;
  status: string;
  submitted_ms: number | null;
  started_ms: number;
  score: number | null;
  latitude: number | null;
  longitude: number | null;
  respondent: string | null;
  phone: string | null;
  email: string | null;
  target_kind: string | null;
  target_id: number | null;
  target_name: string | null;
  /** The survey hides who answered (settings.anonymous). */
  anonymous: boolean;
}

/** The participation with its survey and company; null when absent, deleted or (with `companyId`) another company's. */
export async function findPdfParticipation(db: Database, id: number, companyId: number | null): Promise<PdfParticipation | null> {
  const [row] = await db.rows<PdfParticipation>(sql`
    SELECT p.id, coalesce(p.number, p.id) AS number, p.survey_id, p.company_id, c.name AS company_name, s.code AS survey_code, s.title AS survey_title,
      p.status, p.score, p.latitude, p.longitude, p.target_kind, p.target_id, ${TARGET_NAME} AS target_name,
      (extract(epoch FROM p.submitted_at) * 1000)::float8 AS submitted_ms,
      (extract(epoch FROM p.started_at) * 1000)::float8 AS started_ms,
      coalesce((s.settings ->> 'anonymous')::boolean, false) AS anonymous,
      who.respondent, who.phone, who.email
    FROM participations p
    JOIN surveys s ON s.id = p.survey_id
    JOIN companies c ON c.id = p.company_id
    ${RESPONDENT_JOIN}
    WHERE p.id = ${id} AND p.deleted_at IS NULL
      ${companyId === null ? sql`` : sql`AND p.company_id = ${companyId}`}`);
  return row ?? null;
}

/** A stored answer with its media, when it has one. */
export interface StoredAnswer {
  question_id: number;
  value_text: string | null;
  value_number: number | null;
  value_date: string | null;
  value_choices: number[] | null;
  value_json: unknown;
  media_id: number | null;
  media_path: string | null;
  media_mime: string | null;
  media_name: string | null;
}

export async function loadStoredAnswers(db: Database, participationId: number): Promise<StoredAnswer[]> {
  return db.rows<StoredAnswer>(sql`
    SELECT a.question_id, a.value_text, a.value_number, a.value_date, a.value_choices, a.value_json, a.media_id,
      m.path AS media_path, m.mime AS media_mime, m.original_name AS media_name
    FROM answers a LEFT JOIN medias m ON m.id = a.media_id
    WHERE a.participation_id = ${participationId}`);
}

/** Step titles by question id, for headings. */
export async function loadStepTitles(db: Database, surveyId: number): Promise<Map<number, string>> {
  const rows = await db.rows<{ question_id: number; title: string }>(sql`
    SELECT q.id AS question_id, st.title FROM questions q JOIN steps st ON st.id = q.step_id
    WHERE q.survey_id = ${surveyId}`);
  return new Map(rows.map((r) => [r.question_id, r.title]));
}
