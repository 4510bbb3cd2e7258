import { z } from 'zod';
import { idField, nameField, optionalText } from './common';
import { recordId } from '../ids';

/** Who an audience is made of. */
export const AUDIENCE_POPULATIONS = ['agents', 'contacts'] as const;
export type AudiencePopulation = (typeof AUDIENCE_POPULATIONS)[number];
export const AUDIENCE_POPULATION_LABELS: Record<AudiencePopulation, string> = { agents: 'Agents', contacts: 'Contacts' };

/** How a sub-audience narrows its parent: a list of chosen people, or a rule. */
export const SUB_AUDIENCE_MODES = ['static', 'rule'] as const;
export type SubAudienceMode = (typeof SUB_AUDIENCE_MODES)[number];

/**
 * What a rule condition can test, per population. `zone` matches the zone itself and
 * every zone under it (a region takes its towns). Values are ids, except `role` (role
 * slugs), `status` and `organisation` (text).
 */
export const AUDIENCE_RULE_FIELDS = {
  agents: ['zone', 'site', 'group', 'role', 'answered_survey', 'status'],
  contacts: ['zone', 'organisation'],
} as const satisfies Record<AudiencePopulation, readonly string[]>;
export type AudienceRuleField = (typeof AUDIENCE_RULE_FIELDS)[AudiencePopulation][number];
const ALL_FIELDS = ['zone', 'site', 'group', 'role', 'answered_survey', 'status', 'organisation'] as const;

export const audienceConditionSchema = z.object({
  field: z.enum(ALL_FIELDS, { message: 'Critère inconnu' }),
  operator: z.enum(['in', 'not_in'], { message: 'Opérateur inconnu (in ou not_in)' }).default('in'),
  values: z
    .array(z.union([recordId, z.string().trim().min(1).max(120)]), { message: 'Donnez les valeurs du critère' })
    .min(1, 'Donnez au moins une valeur')
    .max(200, 'Au plus 200 valeurs par critère'),
});
export const audienceRuleSchema = z.object({
  match: z.enum(['all', 'any'], { message: 'Combinaison inconnue (all ou any)' }).default('all'),
  conditions: z.array(audienceConditionSchema).min(1, 'Ajoutez au moins un critère').max(20, 'Au plus 20 critères'),
});
export type AudienceCondition = z.infer<typeof audienceConditionSchema>;
export type AudienceRule = z.infer<typeof audienceRuleSchema>;

/** Why a rule does not fit its population: the condition's field and what is wrong with it. */
export interface AudienceRuleProblem {
  field: AudienceRuleField;
  problem: 'notForPopulation' | 'wantsTexts' | 'wantsIds';
}

/**
 * A field valid for the population, with values of the right kind; null when fine. The
 * problem is a code: the API says it in the caller's language (audience-rules.texts.ts).
 */
export function checkAudienceRule(population: AudiencePopulation, rule: AudienceRule): AudienceRuleProblem | null {
  const allowed: readonly string[] = AUDIENCE_RULE_FIELDS[population];
  for (const { field, values } of rule.conditions) {
    if (!allowed.includes(field)) return { field, problem: 'notForPopulation' };
    const wantsText = field === 'role' || field === 'status' || field === 'organisation';
    if (values.some((v) => (wantsText ? typeof v !== 'string' : typeof v !== 'number'))) {
      return { field, problem: wantsText ? 'wantsTexts' : 'wantsIds' };
    }
  }
  return null;
}

export const createAudienceSchema = z.object({
  name: nameField,
  description: optionalText(500),
  population: z.enum(AUDIENCE_POPULATIONS, { message: 'Population inconnue (agents ou contacts)' }),
  rule: audienceRuleSchema.nullable().optional(),
});
export const updateAudienceSchema = z.object({
  name: nameField.optional(),
  description: optionalText(500),
  rule: audienceRuleSchema.nullable().optional(),
});
/** A sub-audience: a static list of members of the parent, or a rule. */
export const createSubAudienceSchema = z.object({
  name: nameField,
  description: optionalText(500),
  member_ids: z.array(idField('Membre inconnu')).max(5000, 'Au plus 5 000 membres par liste').optional(),
  rule: audienceRuleSchema.optional(),
});
export const audienceMembersBody = z.object({
  member_ids: z.array(idField('Membre inconnu')).min(1, 'Choisissez au moins une personne').max(5000),
});
export type CreateAudienceInput = z.infer<typeof createAudienceSchema>;
export type UpdateAudienceInput = z.infer<typeof updateAudienceSchema>;
export type CreateSubAudienceInput = z.infer<typeof createSubAudienceSchema>;
