import { describe, expect, it } from 'vitest';
import { makeChoice, makeQuestion, makeStep } from '../test/survey-fixtures';
import {
  brokenConditions,
  buildStructure,
  earlierQuestions,
  flattenQuestions,
  idsAfterMove,
  moveItem,
  nextPosition,
  questionsDependingOn,
  structureStats,
} from './builder-logic';

const yesNo = (id: number, stepId: number, position: number) => makeQuestion(id, stepId, position, 'yes_no');
const onAnswer = (questionId: number, value: unknown) => ({ all: [{ question_id: questionId, operator: 'eq', value }] });

/** Steps 10 (position 1) and 20 (position 0), questions out of order, one question without a step. */
function sample() {
  return buildStructure({
    steps: [makeStep(10, 1), makeStep(20, 0)],
    questions: [
      makeQuestion(3, 10, 1, 'long_text', { condition: onAnswer(1, false) }),
      makeQuestion(2, 10, 0, 'single_choice', { choices: [makeChoice(51, 2, 'B', 1), makeChoice(50, 2, 'A', 0)] }),
      yesNo(1, 20, 0),
      makeQuestion(9, null as unknown as number, 0),
    ],
  });
}

describe('buildStructure', () => {
  it('orders steps, questions and choices by position and drops questions without a step', () => {
    const structure = sample();
    expect(structure.map((s) => s.id)).toEqual([20, 10]);
    expect(structure[1].questions.map((q) => q.id)).toEqual([2, 3]);
    expect(structure[1].questions[0].choices?.map((c) => c.label)).toEqual(['A', 'B']);
    expect(flattenQuestions(structure).map((q) => q.id)).toEqual([1, 2, 3]);
  });

  it('breaks position ties by id so the order is stable', () => {
    const structure = buildStructure({ steps: [makeStep(5, 0), makeStep(4, 0)], questions: [] });
    expect(structure.map((s) => s.id)).toEqual([4, 5]);
  });
});

describe('reordering', () => {
  it('moves an item up or down and leaves the list alone at the edges', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('gives the ids to send after a move, or null when the move is impossible', () => {
    const steps = [{ id: 7 }, { id: 8 }, { id: 9 }];
    expect(idsAfterMove(steps, 9, -1)).toEqual([7, 9, 8]);
    expect(idsAfterMove(steps, 7, -1)).toBeNull();
    expect(idsAfterMove(steps, 42, 1)).toBeNull();
  });

  it('places a new item after the last position', () => {
    expect(nextPosition([])).toBe(0);
    expect(nextPosition([{ position: 0 }, { position: 4 }])).toBe(5);
  });
});

describe('conditions in the structure', () => {
  it('offers the questions asked before a question, across steps', () => {
    const structure = sample();
    expect(earlierQuestions(structure, 10, 3).map((q) => q.id)).toEqual([1, 2]);
    expect(earlierQuestions(structure, 10, 2).map((q) => q.id)).toEqual([1]);
    expect(earlierQuestions(structure, 20, 1)).toEqual([]);
    // A new question goes at the end of its step.
    expect(earlierQuestions(structure, 20, null).map((q) => q.id)).toEqual([1]);
    expect(earlierQuestions(structure, 10, null).map((q) => q.id)).toEqual([1, 2, 3]);
  });

  it('finds the questions whose condition looks at a question', () => {
    expect(questionsDependingOn(sample(), 1).map((q) => q.id)).toEqual([3]);
    expect(questionsDependingOn(sample(), 2)).toEqual([]);
  });

  it('flags a condition that now looks at a later question (after a move)', () => {
    const structure = buildStructure({
      steps: [makeStep(20, 0), makeStep(10, 1)],
      questions: [makeQuestion(3, 20, 0, 'long_text', { condition: onAnswer(1, false) }), yesNo(1, 10, 0)],
    });
    const broken = brokenConditions(structure);
    expect([...broken.keys()]).toEqual([3]);
    expect(broken.get(3)).toBe('condition.problemLate');
    expect(brokenConditions(sample()).size).toBe(0);
  });

  it('counts steps, questions, required and conditional questions', () => {
    expect(structureStats(sample())).toEqual({ steps: 2, questions: 3, required: 0, conditional: 1 });
  });
});
