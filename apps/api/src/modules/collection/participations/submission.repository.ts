import { and, eq, inArray, isNotNull, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { runNamed } from '../../../db/named';
import { answers, medias, participants, participations } from '../../../db/schema';
import { fromAnswerColumns, toAnswerColumns } from '../answers/answer-columns';
import type { SurveyDefinition } from './survey-definition.repository';

export type ParticipationRow = typeof participations.$inferSelect;
export type ParticipationValues = typeof participations.$inferInsert;

export async function findParticipationByUuid(db: Database, clientUuid: string, lock = false): Promise<ParticipationRow | null> {
  const query = db.orm.select().from(participations).where(eq(participations.client_uuid, clientUuid));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Inserts unless the client_uuid is taken (a concurrent or earlier retry): then null.
 * The row comes back as stored (defaults, ids, timestamps) for the response.
 */
export async function insertParticipationOnce(db: Database, values: ParticipationValues): Promise<ParticipationRow | null> {
  const rows = await runNamed(
    db.orm.insert(participations).values(values).onConflictDoNothing({ target: participations.client_uuid }).returning(),
    'submit_participation',
  );
  return rows[0] ?? null;
}

/**
 * A new participant and its participation in one statement (a data-modifying CTE): the
 * participation unless the client_uuid is taken (then `row` is null), and the participant's
 * id either way, so that a participant written for a key already taken can be deleted.
 */
export async function insertParticipantAndParticipationOnce(
  db: Database,
  participant: ParticipantValues & { company_id: number },
  values: Omit<ParticipationValues, 'participant_id'>,
): Promise<{ participantId: number; row: ParticipationRow | null }> {
  const pt = db.orm.$with('pt').as(db.orm.insert(participants).values(participant).returning({ id: participants.id }));
  const written = db.orm.$with('written').as(
    db.orm
      .insert(participations)
      .values({ ...values, participant_id: sql`(SELECT id FROM pt)` })
      .onConflictDoNothing({ target: participations.client_uuid })
      .returning(),
  );
  const [result] = await runNamed(
    db.orm.with(pt, written).select().from(pt).leftJoin(written, sql`true`),
    'submit_participant_participation',
  );
  return { participantId: result.pt.id, row: (result.written as ParticipationRow | null) ?? null };
}

export async function updateParticipationRow(db: Database, id: number, values: Partial<ParticipationValues>): Promise<void> {
  await db.orm.update(participations).set({ ...values, updated_at: new Date() }).where(eq(participations.id, id));
}

/** Serialises checks of one key (one person on one survey) until the transaction ends. */
export async function lockKey(db: Database, key: string): Promise<void> {
  await db.rows(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
}

/** Whether this user already has a participation in the survey under another key. */
export async function userHasParticipated(db: Database, surveyId: number, userId: number, clientUuid: string): Promise<boolean> {
  const rows = await db.orm
    .select({ id: participations.id })
    .from(participations)
    .where(
      and(
        eq(participations.survey_id, surveyId),
        eq(participations.user_id, userId),
        ne(participations.client_uuid, clientUuid),
        isNull(participations.deleted_at),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether a participant with this e-mail or phone already answered the survey under another key. */
export async function contactHasParticipated(
  db: Database,
  surveyId: number,
  contact: { email: string | null; phone: string | null },
  clientUuid: string,
): Promise<boolean> {
  const matches = [
    contact.email ? sql`lower(${participants.email}) = ${contact.email}` : null,
    contact.phone ? sql`${participants.phone} = ${contact.phone}` : null,
  ].filter((c) => c !== null);
  if (matches.length === 0) return false;
  const rows = await db.orm
    .select({ id: participations.id })
    .from(participations)
    .innerJoin(participants, eq(participants.id, participations.participant_id))
    .where(
      and(
        eq(participations.survey_id, surveyId),
        ne(participations.client_uuid, clientUuid),
        isNull(participations.deleted_at),
        sql`(${sql.join(matches, sql` OR `)})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export interface ParticipantValues {
  name: string | null;
  phone: string | null;
  email: string | null;
  ref: string | null;
  src: string | null;
}

export async function insertParticipant(db: Database, companyId: number, values: ParticipantValues): Promise<number> {
  const [row] = await runNamed(db.orm.insert(participants).values({ company_id: companyId, ...values }).returning({ id: participants.id }), 'submit_participant');
  return row.id;
}

/** Removes a participant written for a participation that turned out to exist already. */
export async function deleteParticipant(db: Database, id: number): Promise<void> {
  await db.orm.delete(participants).where(eq(participants.id, id));
}

export async function updateParticipant(db: Database, id: number, values: Partial<ParticipantValues>): Promise<void> {
  await db.orm.update(participants).set({ ...values, updated_at: new Date() }).where(eq(participants.id, id));
}

/** What a view needs of a stored answer (upsertAnswers returns no more: fewer columns to map). */
export const storedAnswerColumns = {
  question_id: answers.question_id,
  contribution_id: answers.contribution_id,
  value_text: answers.value_text,
  value_number: answers.value_number,
  value_date: answers.value_date,
  value_choices: answers.value_choices,
  value_json: answers.value_json,
  media_id: answers.media_id,
};
export type StoredAnswer = { [K in keyof typeof storedAnswerColumns]: (typeof answers.$inferSelect)[K] };

/**
 * Writes canonical answers; an answer given here replaces a contributor's answer to the
 * same question (the unique pair participation + question holds one answer). The rows
 * come back as stored.
 */
export async function upsertAnswers(
  db: Database,
  target: { participationId: number; companyId: number; surveyId: number; contributionId: number | null },
  definition: SurveyDefinition,
  values: ReadonlyMap<number, unknown>,
): Promise<StoredAnswer[]> {
  if (values.size === 0) return [];
  const now = new Date();
  const rows = [...values].map(([questionId, value]) => ({
    participation_id: target.participationId,
    company_id: target.companyId,
    survey_id: target.surveyId,
    question_id: questionId,
    contribution_id: target.contributionId,
    ...toAnswerColumns(definition.byId.get(questionId)!.type, value),
  }));
  // Named: one statement text per number of answers, each planned once per connection.
  const query = db.orm
    .insert(answers)
    .values(rows)
    .onConflictDoUpdate({
      target: [answers.participation_id, answers.question_id],
      set: {
        contribution_id: sql`excluded.contribution_id`,
        value_text: sql`excluded.value_text`,
        value_number: sql`excluded.value_number`,
        value_date: sql`excluded.value_date`,
        value_choices: sql`excluded.value_choices`,
        value_json: sql`excluded.value_json`,
        media_id: sql`excluded.media_id`,
        updated_at: now,
      },
    })
    .returning(storedAnswerColumns);
  return runNamed(query, `submit_answers_${rows.length}`);
}

/** Removes answers: the respondent's own (contribution null) or one contribution's, and those of hidden questions. */
export async function deleteAnswers(
  db: Database,
  participationId: number,
  scope: { contributionId: number | null; questionIds?: number[] },
): Promise<void> {
  const owner = scope.contributionId === null ? isNull(answers.contribution_id) : eq(answers.contribution_id, scope.contributionId);
  const which = scope.questionIds ? inArray(answers.question_id, scope.questionIds) : undefined;
  if (scope.questionIds && scope.questionIds.length === 0) return;
  await db.orm.delete(answers).where(and(eq(answers.participation_id, participationId), owner, which));
}

export async function deleteHiddenAnswers(db: Database, participationId: number, visible: Set<number>): Promise<void> {
  const ids = [...visible];
  await db.orm
    .delete(answers)
    .where(and(eq(answers.participation_id, participationId), ids.length ? notInArray(answers.question_id, ids) : undefined));
}

/** Stored answers as canonical values, optionally only other contributors' (contribution set). */
export async function loadAnswerValues(
  db: Database,
  participationId: number,
  definition: SurveyDefinition,
  options: { contributionsOnly?: boolean; exceptContribution?: number } = {},
): Promise<Map<number, unknown>> {
  const rows = await db.orm
    .select()
    .from(answers)
    .where(
      and(
        eq(answers.participation_id, participationId),
        options.contributionsOnly ? isNotNull(answers.contribution_id) : undefined,
        options.exceptContribution !== undefined
          ? sql`${answers.contribution_id} IS DISTINCT FROM ${options.exceptContribution}`
          : undefined,
      ),
    );
  const values = new Map<number, unknown>();
  for (const row of rows) {
    const question = definition.byId.get(row.question_id);
    if (question) values.set(row.question_id, fromAnswerColumns(question.type, row));
  }
  return values;
}

export type MediaRow = typeof medias.$inferSelect;

export async function findMedias(db: Database, ids: number[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return db.orm.select().from(medias).where(inArray(medias.id, ids));
}

