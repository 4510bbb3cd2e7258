import { describe, expect, it } from 'vitest';
import {
  answersPayload,
  createModel,
  firstInvalidStep,
  parseStepIds,
  progressOf,
  resumeStep,
  stepErrors,
  visibleQuestionIds,
  visibleSteps,
} from './answer-state';
import { demoDefinition } from './test/answer-fixtures';

const model = createModel(demoDefinition());

describe('display conditions, live', () => {
  it('shows the follow-up only when the visit went badly, and never requires it otherwise', () => {
    expect(visibleQuestionIds(model, {}).has(102)).toBe(false);
    expect(visibleQuestionIds(model, { 101: true }).has(102)).toBe(false);
    expect(visibleQuestionIds(model, { 101: false }).has(102)).toBe(true);
    const step = model.steps[0];
    expect([...stepErrors(step, { 101: true }, visibleQuestionIds(model, { 101: true })).keys()]).toEqual([]);
    const bad = { 101: false };
    expect(stepErrors(step, bad, visibleQuestionIds(model, bad)).get(102)).toBe('Cette question est obligatoire.');
  });

  it('hides a step whose questions are all hidden', () => {
    const def = demoDefinition();
    def.steps[1].questions.forEach((q) => {
      q.condition = { all: [{ question_id: 101, operator: 'eq', value: false }] };
    });
    const m = createModel(def);
    expect(visibleSteps(m, visibleQuestionIds(m, { 101: true })).map((s) => s.id)).toEqual([10, 30]);
    expect(visibleSteps(m, visibleQuestionIds(m, { 101: false })).map((s) => s.id)).toEqual([10, 20, 30]);
  });
});

describe('validation in French, per question (shared validateAnswer)', () => {
  it('checks types and required questions', () => {
    const step = model.steps[0];
    const answers = { 101: true, 103: '12' };
    expect(stepErrors(step, answers, visibleQuestionIds(model, answers)).get(103)).toBe('Saisissez un numéro de téléphone valide.');
    expect(stepErrors(model.steps[1], {}, visibleQuestionIds(model, {})).get(201)).toBe('Cette question est obligatoire.');
  });

  it('accepts a photo still waiting for the network, but not a missing one', () => {
    const step = model.steps[2];
    const visible = visibleQuestionIds(model, {});
    expect(stepErrors(step, { 301: { pending: 'k', name: 'a.jpg' } }, visible).size).toBe(0);
    expect(stepErrors(step, { 301: { id: 5, name: 'a.jpg' } }, visible).size).toBe(0);
    expect(stepErrors(step, {}, visible).get(301)).toBe('Cette question est obligatoire.');
  });

  it('finds the first step with something to fix', () => {
    const answers = { 101: true, 201: 4 };
    expect(firstInvalidStep(model, answers)?.step.id).toBe(30);
    expect(firstInvalidStep(model, { ...answers, 301: { id: 9 } })).toBeNull();
  });
});

describe('payload', () => {
  it('sends visible, valid answers with media ids and keeps hidden or invalid ones on the phone', () => {
    const answers = { 101: true, 102: 'caché', 103: 'abc', 201: 5, 301: { id: 12, name: 'p.jpg' }, 302: { latitude: 4.05, longitude: 9.7, accuracy: 12 } };
    expect(answersPayload(model, answers)).toEqual([
      { question_id: 101, value: true },
      { question_id: 201, value: 5 },
      { question_id: 301, value: 12 },
      { question_id: 302, value: { latitude: 4.05, longitude: 9.7, accuracy: 12 } },
    ]);
  });
});

describe('resume and progress', () => {
  it('returns to the saved step, or the next visible one when it disappeared', () => {
    const steps = visibleSteps(model, visibleQuestionIds(model, {}));
    expect(resumeStep(model, steps, 20)?.id).toBe(20);
    expect(resumeStep(model, steps, null)?.id).toBe(10);
    expect(resumeStep(model, steps.filter((s) => s.id !== 20), 20)?.id).toBe(30);
    expect(progressOf(steps, 20)).toEqual({ position: 2, total: 3, percent: 67, isLast: false });
    expect(progressOf(steps, 30).isLast).toBe(true);
  });

  it('limits the steps to those of the link (steps/can), ignoring unknown ids', () => {
    expect(parseStepIds('20,30')).toEqual([20, 30]);
    expect(createModel(demoDefinition(), [20]).steps.map((s) => s.id)).toEqual([20]);
    expect(createModel(demoDefinition(), [999]).steps.map((s) => s.id)).toEqual([10, 20, 30]);
  });
});
