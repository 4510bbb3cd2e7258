import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { users } from './identity';
import { agents, companies } from './tenancy';
import { questions, surveys, TARGET_KINDS } from './survey-structure';

// Survey collection: who answers (participants, contributors), what they answered and the files they sent.

/** An uploaded file; `path` starts with images/, files/ or templates/ and is served by the API. */
export const medias = pgTable(
  'medias',
  {
    id: idColumn(),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    owner_user_id: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['image', 'file', 'template'] }).notNull(),
    path: text('path').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    checksum: text('checksum').notNull(),
    original_name: text('original_name'),
    /**
     * The client_uuid of the participation an answer file was uploaded for: it lets an
     * anonymous respondent attach and read back only their own files.
     */
    upload_key: text('upload_key'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('medias_path_unique').on(t.path),
    index('medias_company_idx').on(t.company_id),
    index('medias_upload_key_idx').on(t.upload_key),
  ],
);

/**
 * A file sent in pieces (resumable upload, medias/uploads): the bytes received so far sit
 * in DATA_DIR/uploads/parts/<id>; `received` moves only by a compare-and-set on the
 * previous offset. `fields` are those of POST medias (question_id, survey_code,
 * client_uuid, chatroom_id), checked again at completion. `completing_at` is the claim of
 * the request turning the bytes into a media (others answer 409 upload_completing until it
 * ends, or take it over once stale); once complete, `media_id` names the media, so a
 * repeated last piece answers the same media. An anonymous upload reserves its size in the
 * sending address's daily budget when opened (`reserved_kib`, counted in the window that
 * ends at `reserved_until`) and is capped per `client_address`. Abandoned ones are swept.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: text('id').primaryKey(),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    owner_user_id: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    upload_key: text('upload_key'),
    fields: jsonb('fields').notNull(),
    filename: text('filename'),
    size: bigint('size', { mode: 'number' }).notNull(),
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    media_id: integer('media_id').references(() => medias.id, { onDelete: 'set null' }),
    completing_at: timestamp('completing_at', { withTimezone: true }),
    client_address: text('client_address'),
    reserved_kib: integer('reserved_kib').notNull().default(0),
    reserved_until: timestamp('reserved_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('media_uploads_owner_idx').on(t.owner_user_id),
    index('media_uploads_updated_idx').on(t.updated_at),
    index('media_uploads_address_idx').on(t.client_address).where(sql`${t.media_id} IS NULL`),
  ],
);

/** Someone answering without an account. */
export const participants = pgTable(
  'participants',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name'),
    phone: text('phone'),
    email: text('email'),
    ref: text('ref'),
    src: text('src'),
    ...timestamps,
  },
  (t) => [index('participants_company_idx').on(t.company_id)],
);

/** One filled instance of a survey; `client_uuid` is the idempotency key of offline clients. */
export const participations = pgTable(
  'participations',
  {
    id: idColumn(),
    survey_id: integer('survey_id').notNull().references(() => surveys.id, { onDelete: 'cascade' }),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    participant_id: integer('participant_id').references(() => participants.id, { onDelete: 'set null' }),
    target_kind: text('target_kind', { enum: TARGET_KINDS }),
    target_id: integer('target_id'),
    status: text('status', { enum: ['in_progress', 'submitted', 'checked', 'validated'] })
      .notNull()
      .default('in_progress'),
    score: doublePrecision('score'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracy_m: doublePrecision('accuracy_m'),
    /**
     * A field visit (an agent evaluating a site or a workspace of a site): where the
     * position fell against the site's geofence (DOMAIN.md "Visits in the field").
     * `outside` and `unknown` (no position sent) are flagged for review, never refused.
     */
    geofence_status: text('geofence_status', { enum: ['inside', 'outside', 'unknown'] }),
    /** Metres from the site's centre, when a position was sent. */
    geofence_distance_m: doublePrecision('geofence_distance_m'),
    device_ref: text('device_ref'),
    client_uuid: text('client_uuid').notNull(),
    /**
     * The participation's number in its company (1, 2, 3…: "N°" on every screen), given at
     * insert by the trigger of migration 0022 from `participation_counters`, whoever inserts.
     */
    number: integer('number'),
    /** Its number in its survey (1, 2, 3… per survey; migration 0030, same trigger). */
    survey_number: integer('survey_number'),
    /** Hash of the first accepted payload: a retry must carry the same one. */
    payload_hash: text('payload_hash'),
    ref: text('ref'),
    src: text('src'),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    submitted_at: timestamp('submitted_at', { withTimezone: true }),
    /**
     * When the server received the submission. `submitted_at` is when it was made (the
     * phone's `made_at` from a signed-in respondent, never in the future nor older than
     * MADE_AT_MAX_AGE_DAYS; an anonymous one's is its receipt): a visit made offline and
     * sent hours later keeps its time and is "synchronisé plus tard" by the difference (issue 21).
     */
    received_at: timestamp('received_at', { withTimezone: true }),
    checked_by: integer('checked_by').references(() => agents.id, { onDelete: 'set null' }),
    checked_at: timestamp('checked_at', { withTimezone: true }),
    validated_by: integer('validated_by').references(() => agents.id, { onDelete: 'set null' }),
    validated_at: timestamp('validated_at', { withTimezone: true }),
    ...timestamps,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('participations_client_uuid_unique').on(t.client_uuid),
    uniqueIndex('participations_company_number_unique').on(t.company_id, t.number),
    uniqueIndex('participations_survey_number_unique').on(t.survey_id, t.survey_number),
    index('participations_survey_idx').on(t.survey_id, t.status, t.id),
    /** Results and exports over a submission date range. */
    index('participations_survey_submitted_idx').on(t.survey_id, t.submitted_at),
    index('participations_company_idx').on(t.company_id, t.created_at),
    index('participations_user_idx').on(t.user_id, t.survey_id),
    /** A participant's participations, and which participants answered anonymous surveys only. */
    index('participations_participant_idx').on(t.participant_id),
    /**
     * Review queues across surveys (the overview's "to review", bulk review of a company's
     * filtered set); partial, so counting them needs no visit to the table.
     */
    index('participations_company_status_idx').on(t.company_id, t.status, t.submitted_at).where(sql`deleted_at IS NULL`),
    /** A survey's first and last submission per status (survey results), read at both ends. */
    index('participations_survey_status_submitted_idx').on(t.survey_id, t.status, t.submitted_at).where(sql`deleted_at IS NULL`),
  ],
);

/**
 * The last participation number given in each company (participations.number): one row
 * per company, moved by the insert trigger in the inserting transaction.
 */
export const participationCounters = pgTable('participation_counters', {
  company_id: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  last_number: integer('last_number').notNull().default(0),
});

/** The last survey number given in each survey (participations.survey_number). */
export const surveyParticipationCounters = pgTable('survey_participation_counters', {
  survey_id: integer('survey_id')
    .primaryKey()
    .references(() => surveys.id, { onDelete: 'cascade' }),
  last_number: integer('last_number').notNull().default(0),
});

/** A person invited to fill (part of) a participation or survey. */
export const contributors = pgTable(
  'contributors',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    survey_id: integer('survey_id').notNull().references(() => surveys.id, { onDelete: 'cascade' }),
    participation_id: integer('participation_id').references(() => participations.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    /** Step ids this contributor may fill; empty means every step. */
    step_ids: integer('step_ids').array().notNull().default(sql`'{}'::integer[]`),
    status: text('status', { enum: ['invited', 'accepted', 'done'] }).notNull().default('invited'),
    invited_by: integer('invited_by').references(() => agents.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('contributors_participation_idx').on(t.participation_id),
    index('contributors_user_idx').on(t.user_id),
  ],
);

/** The answers one contributor gave in one participation. */
export const contributions = pgTable(
  'contributions',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    participation_id: integer('participation_id').notNull().references(() => participations.id, { onDelete: 'cascade' }),
    contributor_id: integer('contributor_id').references(() => contributors.id, { onDelete: 'set null' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    client_uuid: text('client_uuid'),
    submitted_at: timestamp('submitted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('contributions_participation_idx').on(t.participation_id),
    uniqueIndex('contributions_client_uuid_unique').on(t.client_uuid),
  ],
);

/** One typed answer to one question of a participation. */
export const answers = pgTable(
  'answers',
  {
    id: idColumn(),
    participation_id: integer('participation_id').notNull().references(() => participations.id, { onDelete: 'cascade' }),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    survey_id: integer('survey_id').notNull().references(() => surveys.id, { onDelete: 'cascade' }),
    question_id: integer('question_id').notNull().references(() => questions.id, { onDelete: 'cascade' }),
    contribution_id: integer('contribution_id').references(() => contributions.id, { onDelete: 'set null' }),
    value_text: text('value_text'),
    value_number: doublePrecision('value_number'),
    value_date: text('value_date'),
    value_choices: integer('value_choices').array(),
    /** Ranking order, matrix cells, a geolocation point. */
    value_json: jsonb('value_json'),
    media_id: integer('media_id').references(() => medias.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('answers_participation_question_unique').on(t.participation_id, t.question_id),
    index('answers_survey_question_idx').on(t.survey_id, t.question_id),
    // Deleting a media (the orphan upload sweep) sets these to null, and the sweep asks
    // whether any answer names a media: both look answers up by media_id.
    index('answers_media_idx').on(t.media_id).where(sql`${t.media_id} IS NOT NULL`),
  ],
);
