import type { Choice } from '../survey.types';

/** A choice row in the editor; `id` is absent until the server created it. */
export interface ChoiceDraft {
  /** Stable React key, also for rows not saved yet. */
  key: string;
  id?: number;
  label: string;
  value: string;
  score: number | null;
}

export interface ChoiceSyncPlan {
  create: Array<{ label: string; value: string; score: number | null; position: number }>;
  update: Array<{ id: number; label: string; value: string; score: number | null; position: number }>;
  remove: number[];
}

let keySequence = 0;
export const newChoiceKey = () => `new-${++keySequence}`;

export function toChoiceDrafts(choices: readonly Choice[] | undefined): ChoiceDraft[] {
  return (choices ?? []).map((c) => ({ key: `c-${c.id}`, id: c.id, label: c.label, value: c.value, score: c.score }));
}

/** A value derived from a label: lower case, no accents, words joined by hyphens. */
export function slugifyChoice(label: string): string {
  return label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** A value for a new choice, unique among `taken` (suffixes -2, -3...). */
export function uniqueChoiceValue(label: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base = slugifyChoice(label) || 'option';
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** Labels missing or repeated, values repeated: the per-row messages keys of the editor. */
export function checkChoiceDrafts(drafts: readonly ChoiceDraft[]): Map<string, 'labelRequired' | 'labelDuplicate' | 'valueDuplicate'> {
  const problems = new Map<string, 'labelRequired' | 'labelDuplicate' | 'valueDuplicate'>();
  const labels = new Set<string>();
  const values = new Set<string>();
  for (const draft of drafts) {
    const label = draft.label.trim().toLowerCase();
    if (!label) problems.set(draft.key, 'labelRequired');
    else if (labels.has(label)) problems.set(draft.key, 'labelDuplicate');
    else if (values.has(draft.value)) problems.set(draft.key, 'valueDuplicate');
    labels.add(label);
    values.add(draft.value);
  }
  return problems;
}

/**
 * The calls that turn `before` (saved choices) into `after` (the editor's rows, in
 * order): new rows are created, changed or moved rows updated, missing rows deleted.
 * Positions are the rows' indexes, so the order needs no separate call.
 */
export function planChoiceSync(before: readonly Choice[], after: readonly ChoiceDraft[]): ChoiceSyncPlan {
  const saved = new Map(before.map((c) => [c.id, c]));
  const plan: ChoiceSyncPlan = { create: [], update: [], remove: [] };
  const kept = new Set<number>();
  after.forEach((draft, position) => {
    const label = draft.label.trim();
    const value = draft.value.trim() || slugifyChoice(label);
    const original = draft.id === undefined ? undefined : saved.get(draft.id);
    if (!original) {
      plan.create.push({ label, value, score: draft.score, position });
      return;
    }
    kept.add(original.id);
    const changed =
      original.label !== label || original.value !== value || (original.score ?? null) !== draft.score || original.position !== position;
    if (changed) plan.update.push({ id: original.id, label, value, score: draft.score, position });
  });
  plan.remove = before.filter((c) => !kept.has(c.id)).map((c) => c.id);
  return plan;
}

/**
 * Renames row `index`. A row not saved yet keeps its value in step with its label
 * until the author types a value of their own; a saved row keeps its value (answers
 * and exports already refer to it).
 */
export function relabelChoice(drafts: readonly ChoiceDraft[], index: number, label: string): ChoiceDraft[] {
  const row = drafts[index];
  if (!row) return [...drafts];
  const others = drafts.filter((_, i) => i !== index).map((c) => c.value);
  const follows = row.id === undefined && row.value === uniqueChoiceValue(row.label, others);
  const next = follows ? { ...row, label, value: uniqueChoiceValue(label, others) } : { ...row, label };
  return drafts.map((c, i) => (i === index ? next : c));
}
