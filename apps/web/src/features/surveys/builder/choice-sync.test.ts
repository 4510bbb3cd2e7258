import { describe, expect, it } from 'vitest';
import { makeChoice } from '../test/survey-fixtures';
import { type ChoiceDraft, checkChoiceDrafts, planChoiceSync, relabelChoice, slugifyChoice, toChoiceDrafts, uniqueChoiceValue } from './choice-sync';

describe('choice values', () => {
  it('derives a plain value from a label and keeps it unique', () => {
    expect(slugifyChoice('Très satisfait !')).toBe('tres-satisfait');
    expect(uniqueChoiceValue('Oui', ['non'])).toBe('oui');
    expect(uniqueChoiceValue('Oui', ['oui', 'oui-2'])).toBe('oui-3');
    expect(uniqueChoiceValue('???', [])).toBe('option');
  });

  it('lets a new row follow its label until the author sets a value', () => {
    let rows: ChoiceDraft[] = [{ key: 'n1', label: 'Choix 1', value: 'choix-1', score: null }];
    rows = relabelChoice(rows, 0, 'Dépôt');
    expect(rows[0]).toMatchObject({ label: 'Dépôt', value: 'depot' });
    rows = [{ ...rows[0], value: 'D' }];
    expect(relabelChoice(rows, 0, 'Dépôt d’argent')[0]).toMatchObject({ label: 'Dépôt d’argent', value: 'D' });
  });

  it('keeps the value of a saved row when it is renamed (answers refer to it)', () => {
    const rows = toChoiceDrafts([makeChoice(5, 1, 'Oui', 0)]);
    expect(relabelChoice(rows, 0, 'Oui, tout à fait')[0]).toMatchObject({ id: 5, value: 'oui' });
  });

  it('reports empty and repeated labels and repeated values', () => {
    const problems = checkChoiceDrafts([
      { key: 'a', label: 'Oui', value: 'oui', score: null },
      { key: 'b', label: ' oui ', value: 'x', score: null },
      { key: 'c', label: '', value: 'y', score: null },
      { key: 'd', label: 'Peut-être', value: 'oui', score: null },
    ]);
    expect([...problems.entries()]).toEqual([
      ['b', 'labelDuplicate'],
      ['c', 'labelRequired'],
      ['d', 'valueDuplicate'],
    ]);
  });
});

describe('planChoiceSync', () => {
  const saved = [makeChoice(1, 9, 'A', 0, 1), makeChoice(2, 9, 'B', 1, 2), makeChoice(3, 9, 'C', 2, 3)];

  it('does nothing when the rows are the saved choices', () => {
    expect(planChoiceSync(saved, toChoiceDrafts(saved))).toEqual({ create: [], update: [], remove: [] });
  });

  it('creates new rows, updates changed or moved ones and deletes missing ones, positions following the rows', () => {
    const [a, b] = toChoiceDrafts(saved);
    const plan = planChoiceSync(saved, [{ ...b, score: 5 }, a, { key: 'n', label: 'D', value: '', score: null }]);
    expect(plan.remove).toEqual([3]);
    expect(plan.update).toEqual([
      { id: 2, label: 'B', value: 'b', score: 5, position: 0 },
      { id: 1, label: 'A', value: 'a', score: 1, position: 1 },
    ]);
    // An empty value falls back to the label's slug.
    expect(plan.create).toEqual([{ label: 'D', value: 'd', score: null, position: 2 }]);
  });

  it('deletes every choice when the rows are gone (a type without choices)', () => {
    expect(planChoiceSync(saved, []).remove).toEqual([1, 2, 3]);
  });
});
