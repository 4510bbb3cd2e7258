import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { idColumn, timestamps } from './columns';
import { users } from './identity';
import { categories } from './reference';
import { agents, companies } from './tenancy';

// Survey structure: the forms (surveys, their steps, questions and choices) and their policies.

export const TARGET_KINDS = ['agent', 'group', 'site', 'workspace', 'audience', 'company'] as const;

/** A survey, evaluation form or collaborative form; company null for platform templates. */
export const surveys = pgTable(
  'surveys',
  {
    id: idColumn(),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    type: text('type', { enum: ['form', 'evaluation', 'contribution'] }).notNull().default('form'),
    target_kind: text('target_kind', { enum: TARGET_KINDS }),
    status: text('status', { enum: ['draft', 'submitted', 'published', 'rejected', 'closed'] })
      .notNull()
      .default('draft'),
    active: boolean('active').notNull().default(true),
    availability: text('availability', { enum: ['available', 'unavailable'] }).notNull().default('available'),
    opens_at: timestamp('opens_at', { withTimezone: true }),
    closes_at: timestamp('closes_at', { withTimezone: true }),
    /** anonymous, sign_in_required, one_per_person, geolocation_required, collaborative, quota. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    is_template: boolean('is_template').notNull().default(false),
    premium: boolean('premium').notNull().default(false),
    price: integer('price'),
    currency: text('currency').notNull().default('XAF'),
    template_id: integer('template_id'),
    /**
     * Templates only (null on surveys): draft (being built, unseen by companies), published
     * (offered to companies) or retired (kept, no longer offered). `active` follows it.
     */
    template_state: text('template_state', { enum: ['draft', 'published', 'retired'] }),
    /** Templates only: the survey types a template serves (createfromtemplate may pick one). */
    survey_types: text('survey_types').array().notNull().default(sql`'{}'::text[]`),
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    author_agent_id: integer('author_agent_id').references(() => agents.id, { onDelete: 'set null' }),
    author_user_id: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    submitted_at: timestamp('submitted_at', { withTimezone: true }),
    published_at: timestamp('published_at', { withTimezone: true }),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    /** Why the survey was last rejected (reject body or approval comment), shown to its author. */
    rejection_comment: text('rejection_comment'),
    ...timestamps,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('surveys_code_unique').on(t.code),
    index('surveys_company_status_idx').on(t.company_id, t.status),
    index('surveys_category_idx').on(t.category_id),
    check('surveys_template_state_check', sql`${t.template_state} IN ('draft', 'published', 'retired')`),
  ],
);

/**
 * A number that changes with every committed write to a survey's steps, questions or
 * choices (statement-level triggers, migration `survey_structure_versions`): a process
 * keeps a survey's loaded structure only for the version it read with the survey, so a
 * structure cached under an older number is never used (collection/participations
 * survey-definition.repository.ts). No row: version 0. A table of its own rather than a
 * column of `surveys`, so that editing questions never locks the survey's row.
 */
export const surveyStructureVersions = pgTable('survey_structure_versions', {
  survey_id: integer('survey_id')
    .primaryKey()
    .references(() => surveys.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

/**
 * A company's survey rules. `publication_requires_approval`: a submitted survey is
 * published by approving its `survey_publication` approval instead of a direct publish.
 */
export const surveyPolicies = pgTable('survey_policies', {
  company_id: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  publication_requires_approval: boolean('publication_requires_approval').notNull().default(false),
  ...timestamps,
});

/** An ordered page of a survey. */
export const steps = pgTable(
  'steps',
  {
    id: idColumn(),
    survey_id: integer('survey_id').notNull().references(() => surveys.id, { onDelete: 'cascade' }),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    state: text('state', { enum: ['active', 'inactive'] }).notNull().default('active'),
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('steps_survey_idx').on(t.survey_id, t.position), index('steps_category_idx').on(t.category_id)],
);

/**
 * A question of a step, or a company's default question for a target kind
 * (survey_id null, `default_for` set) that feeds new evaluations.
 */
export const questions = pgTable(
  'questions',
  {
    id: idColumn(),
    survey_id: integer('survey_id').references(() => surveys.id, { onDelete: 'cascade' }),
    step_id: integer('step_id').references(() => steps.id, { onDelete: 'cascade' }),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    default_for: text('default_for', { enum: TARGET_KINDS }),
    label: text('label').notNull(),
    help: text('help'),
    type: text('type').notNull(),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** min/max, scale, allowed file types and sizes, matrix rows/columns... by type. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Display condition on earlier answers (contracts: survey-conditions). */
    condition: jsonb('condition').$type<Record<string, unknown> | null>(),
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['active', 'inactive'] }).notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    index('questions_survey_idx').on(t.survey_id, t.position),
    index('questions_step_idx').on(t.step_id, t.position),
    index('questions_default_idx').on(t.company_id, t.default_for),
    index('questions_category_idx').on(t.category_id),
  ],
);

export const choices = pgTable(
  'choices',
  {
    id: idColumn(),
    question_id: integer('question_id').notNull().references(() => questions.id, { onDelete: 'cascade' }),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    value: text('value').notNull(),
    position: integer('position').notNull().default(0),
    score: doublePrecision('score'),
    ...timestamps,
  },
  (t) => [index('choices_question_idx').on(t.question_id, t.position)],
);
