import type { ParticipationStatus, ParticipationView } from '@app/contracts/participation-views';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { answers, participations, questions } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { type AnswerColumns, fromAnswerColumns } from '../answers/answer-columns';


export type { ParticipationView };
type ParticipationRow = typeof participations.$inferSelect;
type AnswerRow = Pick<typeof answers.$inferSelect, 'question_id' | 'contribution_id' | keyof AnswerColumns>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A participation with its answers as canonical values (what a respondent resumes from). */
export async function participationView(db: Database, id: number): Promise<ParticipationView> {
  const [row] = await db.orm.select().from(participations).where(eq(participations.id, id));
  if (!row) throw notFound();
  const stored = await db.orm
    .select({ answer: answers, type: questions.type })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.question_id))
    .where(eq(answers.participation_id, id))
    .orderBy(asc(answers.question_id));
  return viewOf(row, stored);
}

/**
 * The view of rows already in hand (a submission builds it from what its statements
 * returned, instead of reading them back): `stored` are all the participation's answers
 * with their question's type.
 */
export function viewOf(row: ParticipationRow, stored: Array<{ answer: AnswerRow; type: string }>): ParticipationView {
  const { payload_hash: _hash, deleted_at: _deleted, ...fields } = row;
  return {
    ...fields,
    status: row.status as ParticipationStatus,
    started_at: row.started_at.toISOString(),
    submitted_at: iso(row.submitted_at),
    received_at: iso(row.received_at),
    checked_at: iso(row.checked_at),
    validated_at: iso(row.validated_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    answers: [...stored]
      .sort((a, b) => a.answer.question_id - b.answer.question_id)
      .map(({ answer, type }) => ({
        question_id: answer.question_id,
        contribution_id: answer.contribution_id,
        value: fromAnswerColumns(type, answer),
      })),
  };
}
