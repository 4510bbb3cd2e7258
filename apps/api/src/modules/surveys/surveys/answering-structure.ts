import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { choices, questions, steps, surveyStructureVersions } from '../../../db/schema';

type StepRow = typeof steps.$inferSelect;
type QuestionRow = typeof questions.$inferSelect;
type ChoiceRow = typeof choices.$inferSelect;

export type DefinitionQuestion = QuestionRow & { choices: ChoiceRow[] };
export type DefinitionStep = StepRow & { questions: DefinitionQuestion[] };

/** The active steps of a survey with their active questions and choices, in answering order. */
export async function loadSurveyStructure(db: Database, surveyId: number): Promise<DefinitionStep[]> {
  const stepRows = await db.orm
    .select()
    .from(steps)
    .where(and(eq(steps.survey_id, surveyId), eq(steps.state, 'active')))
    .orderBy(asc(steps.position), asc(steps.id));
  if (stepRows.length === 0) return [];
  const questionRows = await db.orm
    .select()
    .from(questions)
    .where(and(inArray(questions.step_id, stepRows.map((s) => s.id)), eq(questions.state, 'active')))
    .orderBy(asc(questions.position), asc(questions.id));
  const choiceRows =
    questionRows.length === 0
      ? []
      : await db.orm
          .select()
          .from(choices)
          .where(inArray(choices.question_id, questionRows.map((q) => q.id)))
          .orderBy(asc(choices.position), asc(choices.id));
  return stepRows.map((step) => ({
    ...step,
    questions: questionRows
      .filter((q) => q.step_id === step.id)
      .map((q) => ({ ...q, choices: choiceRows.filter((c) => c.question_id === q.id) })),
  }));
}

/** The survey's structure version (survey_structure_versions; 0: no structure write yet). */
export async function readStructureVersion(db: Database, surveyId: number): Promise<number> {
  const [row] = await db.orm
    .select({ version: surveyStructureVersions.version })
    .from(surveyStructureVersions)
    .where(eq(surveyStructureVersions.survey_id, surveyId));
  return row?.version ?? 0;
}

/** A structure as kept: shared by every request of the process, so frozen. */
export interface KeptStructure {
  steps: readonly DefinitionStep[];
  /** What a caller computes from the steps (`make` runs once per kept structure and key). */
  derived<T>(key: symbol, make: (steps: readonly DefinitionStep[]) => T): T;
}

interface Entry extends KeptStructure {
  version: number;
}

/**
 * Structures by survey id, each for the structure version it was read at, per database
 * handle (tests and benches open several in one process). Every committed write to a
 * survey's steps, questions or choices moves its version (triggers of migration 0020),
 * so an entry serves only while it is the current structure; a bounded number of
 * surveys is kept, least recently read dropped first.
 */
const kept = new WeakMap<Database, Map<number, Entry>>();
const KEPT_SURVEYS = 500;

/** Structure reads under way, by survey and version, per database handle. */
const reading = new WeakMap<Database, Map<string, Promise<Entry>>>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !(value instanceof Date) && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function entryOf(version: number, stepList: DefinitionStep[]): Entry {
  const made = new Map<symbol, unknown>();
  const frozen = deepFreeze(stepList) as readonly DefinitionStep[];
  return {
    version,
    steps: frozen,
    derived<T>(key: symbol, make: (s: readonly DefinitionStep[]) => T): T {
      if (!made.has(key)) made.set(key, make(frozen));
      return made.get(key) as T;
    },
  };
}

/**
 * The answering structure of a survey at `version`, the structure version read in the
 * same statement as the survey: from this process's memory when it was read at that
 * version, else from the database (three statements), then kept if no structure write
 * committed meanwhile. The answering page's definition and every submission use it.
 */
export function surveyStructureAt(db: Database, surveyId: number, version: number): Promise<KeptStructure> {
  const surveysKept = kept.get(db) ?? new Map<number, Entry>();
  kept.set(db, surveysKept);
  const hit = surveysKept.get(surveyId);
  if (hit && hit.version === version) {
    surveysKept.delete(surveyId);
    surveysKept.set(surveyId, hit);
    return Promise.resolve(hit);
  }
  // The phones that scan a fresh poster together wait for one read, not one each.
  const readsOfDb = reading.get(db) ?? new Map<string, Promise<Entry>>();
  reading.set(db, readsOfDb);
  const key = `${surveyId}@${version}`;
  const pending = readsOfDb.get(key);
  if (pending) return pending;
  const read = readAndKeep(db, surveysKept, surveyId, version).finally(() => readsOfDb.delete(key));
  readsOfDb.set(key, read);
  return read;
}

async function readAndKeep(db: Database, surveysKept: Map<number, Entry>, surveyId: number, version: number): Promise<Entry> {
  const entry = entryOf(version, await loadSurveyStructure(db, surveyId));
  // Versions only grow: the same number after the read proves the read is that version's.
  if ((await readStructureVersion(db, surveyId)) === version) {
    surveysKept.delete(surveyId);
    if (surveysKept.size >= KEPT_SURVEYS) surveysKept.delete(surveysKept.keys().next().value!);
    surveysKept.set(surveyId, entry);
  }
  return entry;
}
