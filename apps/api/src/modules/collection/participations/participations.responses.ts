import { BULK_REVIEW_ACTIONS } from '@app/contracts/bulk-review';
import { PARTICIPATION_STATUSES, type ParticipationResults } from '@app/contracts/participation-views';
import { SURVEY_TARGET_KINDS } from '@app/contracts/surveys';
import { getTableColumns } from 'drizzle-orm';
import { z } from 'zod';
import { participations } from '../../../db/schema';
import { resourceRowSchema } from '../../../http/response-schemas';
import { tableRowSchema } from '../../../http/table-row-schema';
import { participationQueryDef } from './participations.query';

/** What the participation routes answer (API.md "Declaring a response"), declared as their responses. */

const instant = z.string().describe('Instant ISO 8601 en UTC (YYYY-MM-DDTHH:MM:SS.mmmZ)');

/**
 * A participation as the list engine gives it (lists, detail, review actions). Two keys
 * are added by the services and named here, else the serialiser would drop them: the
 * respondent key the caller's own rows get back (respondent-key.ts) and the evaluated
 * target's name in the company's list (participation-targets.ts).
 */
export const participationRow = resourceRowSchema(participationQueryDef, {
  client_uuid: z.string().nullable().describe('La clé du répondant (client_uuid) : seulement sur ses propres participations'),
  target_name: z.string().nullable().describe('Liste de l’entreprise : le nom de la cible évaluée (null quand elle ne nomme rien)'),
}) as z.ZodObject;

/**
 * The view a respondent resumes from and a submission's receipt (participation-view.ts):
 * every column but the payload hash and the deletion, instants as ISO strings, the
 * respondent's own `client_uuid`, and the answers as canonical values. Derived from the
 * table, so a new column is declared with it.
 */
function participationViewSchema() {
  const shape: Record<string, z.ZodType> = { ...tableRowSchema(participations, ['payload_hash', 'deleted_at']).shape };
  for (const [key, column] of Object.entries(getTableColumns(participations))) {
    if (key in shape && column.dataType === 'date') shape[key] = column.notNull ? instant : instant.nullable();
  }
  return z.object({
    ...shape,
    status: z.enum(PARTICIPATION_STATUSES),
    client_uuid: z.string().describe('La clé du répondant : il l’a envoyée, elle lui revient'),
    answers: z.array(z.object({ question_id: z.number().int(), contribution_id: z.number().int().nullable(), value: z.unknown() })),
  });
}
export const participationView = participationViewSchema();

/** POST participations: the view and what became of the request (created: 201; updated, replayed: 200). */
export const submittedParticipation = participationView.extend({ outcome: z.enum(['created', 'updated', 'replayed']) });

/** GET participations/mine/evaluations (my-evaluations.service.ts, MyEvaluation of the contracts). */
export const myEvaluationRow = z.object({
  id: z.number().int(),
  status: z.string(),
  score: z.number().nullable(),
  submitted_at: z.string().nullable().describe('Instant ISO 8601 en UTC'),
  survey: z.object({ id: z.number().int(), title: z.string() }),
  company: z.object({ id: z.number().int(), name: z.string() }),
  target: z.object({ kind: z.enum(SURVEY_TARGET_KINDS), id: z.number().int(), name: z.string().nullable() }),
});

/** POST participations/bulk/{action} (BulkReviewResult of the contracts). */
export const bulkReviewResult = z.object({
  action: z.enum(BULK_REVIEW_ACTIONS),
  matched: z.number().int().describe('Participations qui répondent aux filtres'),
  eligible: z.number().int().describe('Parmi elles, celles dans l’état d’où part l’action'),
  changed: z.number().int().describe('Changées par cet appel (0 pour dry_run)'),
  skipped: z.number().int().describe('Laissées telles quelles (autre état, ou changées entre-temps)'),
  dry_run: z.boolean(),
});

/** GET participations/{id}/results (ParticipationResults of the contracts). */
export const participationResults = z.object({
  // Typed as the contracts' record (an interface, which a row's index signature would refuse).
  participation: participationRow.extend({
    survey: z.object({ id: z.number().int(), code: z.string(), title: z.string(), type: z.string() }),
  }) as unknown as z.ZodType<ParticipationResults['participation']>,
  answers: z.array(
    z.object({
      question_id: z.number().int(),
      step_id: z.number().int().nullable(),
      label: z.string(),
      type: z.string(),
      required: z.boolean(),
      answered: z.boolean(),
      value: z.unknown().describe('La valeur canonique (null sans réponse)'),
      display: z.string().describe('La réponse en texte (libellés, Oui/Non dans la langue de la requête, JJ/MM/AAAA…)'),
      contribution_id: z.number().int().nullable(),
      media: z
        .object({ id: z.number().int(), mime: z.string(), size: z.number().int(), original_name: z.string().nullable(), url: z.string().describe('Chemin de l’API du contenu') })
        .nullable(),
    }),
  ),
});
