import { describe, expect, it } from 'vitest';
import { AnswerSession } from './answer-session';
import { memoryStore } from './answer-storage';
import { demoDefinition } from './test/answer-fixtures';

const open = (store = memoryStore(), sessionId?: string, settings = {}) =>
  new AnswerSession({ definition: demoDefinition(settings), code: 'satdemo', link: { ref: 'r', src: 's' }, store, sessionId });

describe('answer session (progress kept on the phone)', () => {
  it('resumes answers, step and client_uuid after a reload, and keeps surveys and accounts apart', () => {
    const store = memoryStore();
    const first = open(store);
    first.setAnswer(101, true);
    first.goTo(20);
    const again = open(store);
    expect(again.record.clientUuid).toBe(first.record.clientUuid);
    expect(again.record.answers).toEqual({ 101: true });
    expect(again.currentStep()?.id).toBe(20);
    expect(open(store, 'k3x9pq').record.clientUuid).not.toBe(first.record.clientUuid);
  });

  it('forgets an emptied answer and starts a new participation with a new key', () => {
    const s = open();
    s.setAnswer(103, '677123456');
    s.setAnswer(103, '  ');
    expect(s.record.answers).toEqual({});
    const key = s.record.clientUuid;
    s.restart();
    expect(s.record.clientUuid).not.toBe(key);
    expect(s.record.clientUuid).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });

  it('builds the body: link values, contact only when anonymous, the position from a geolocation answer', () => {
    const s = open();
    s.record = { ...s.record, participant: { name: 'Awa', phone: '677123456' } };
    s.setAnswer(101, true);
    s.setAnswer(302, { latitude: 4.05, longitude: 9.7, accuracy: 8 });
    expect(s.body('submitted')).toMatchObject({
      survey_code: 'SATDEMO',
      status: 'submitted',
      ref: 'r',
      src: 's',
      participant: { name: 'Awa', phone: '677123456' },
      geolocation: { latitude: 4.05, longitude: 9.7, accuracy: 8 },
    });
    // The code, never the id: the server takes the id from the company's agents only.
    expect(s.body('submitted')).not.toHaveProperty('survey_id');
    expect(open(memoryStore(), 'k3x9pq').body('in_progress')).toMatchObject({ survey_code: 'SATDEMO', participant: null });
    expect(open(memoryStore(), undefined, { anonymous: true }).asksContact).toBe(false);
  });

  it('marks a photo kept offline as uploaded once the queue sent it', () => {
    const s = open();
    s.setAnswer(301, { pending: 'k1', name: 'p.jpg' });
    s.resolveMedia(301, { id: 55 });
    expect(s.record.answers[301]).toEqual({ id: 55, name: 'p.jpg' });
  });

  it('keeps the new id of a photo the queue sent again, unless the respondent changed it meanwhile', () => {
    const s = open();
    s.setAnswer(301, { id: 55, name: 'p.jpg' });
    s.replaceMedia(301, 55, { id: 56 });
    expect(s.record.answers[301]).toEqual({ id: 56, name: 'p.jpg' });
    s.replaceMedia(301, 55, { id: 57 });
    expect(s.record.answers[301]).toEqual({ id: 56, name: 'p.jpg' });
  });

  it('an invited contributor (signed in, ?participation=) sends their part of that participation', () => {
    const s = new AnswerSession({ definition: demoDefinition(), code: 'satdemo', link: { participation: '41', steps: '20' }, store: memoryStore(), sessionId: 'k3x9pq' });
    s.setAnswer(201, 4);
    expect(s.model.steps.map((st) => st.id)).toEqual([20]);
    // The code stays with the queued entry for its files' uploads; the contribution request leaves it out.
    expect(s.body('submitted')).toEqual({
      participation_id: 41,
      survey_code: 'SATDEMO',
      client_uuid: s.record.clientUuid,
      status: 'submitted',
      answers: [{ question_id: 201, value: 4 }],
    });
  });

  it('an invited contributor starts from the answers already given in their steps, once, never over their own', () => {
    const store = memoryStore();
    const contributor = () =>
      new AnswerSession({ definition: demoDefinition(), code: 'satdemo', link: { participation: '41', steps: '20,30' }, store, sessionId: 'k3x9pq' });
    const s = contributor();
    s.setAnswer(201, 3);
    s.seedGiven({
      participation_id: 41,
      step_ids: [20, 30],
      answers: [
        { question_id: 101, value: true, media: null },
        { question_id: 201, value: 5, media: null },
        { question_id: 202, value: [2], media: null },
        { question_id: 301, value: 88, media: { id: 88, name: 'vitrine.jpg' } },
      ],
    });
    // 101 is outside the contributor's steps; their own 3 stays.
    expect(s.record.answers).toEqual({ 201: 3, 202: [2], 301: { id: 88, name: 'vitrine.jpg' } });
    s.setAnswer(202, []);
    const reloaded = contributor();
    reloaded.seedGiven({ participation_id: 41, step_ids: [20, 30], answers: [{ question_id: 202, value: [2], media: null }] });
    expect(reloaded.record.answers[202]).toBeUndefined();
    expect(reloaded.body('in_progress').answers).toEqual([
      { question_id: 201, value: 3 },
      { question_id: 301, value: 88 },
    ]);
  });
});
