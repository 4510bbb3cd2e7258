import { describe, expect, it } from 'vitest';
import { makeSurvey } from '../test/survey-fixtures';
import { awaitsApproval, lifecycleButtons } from './lifecycle';

const all = () => true;
const only = (...slugs: string[]) => (slug: string) => slugs.includes(slug);
const actionsOf = (buttons: ReturnType<typeof lifecycleButtons>) => buttons.map((b) => `${b.action}:${b.label.split('.')[1]}`);

describe('lifecycle buttons', () => {
  it('follows the state machine for each status', () => {
    expect(actionsOf(lifecycleButtons(makeSurvey({ status: 'draft' }), all))).toEqual(['submit:submit', 'active:deactivate', 'changeavailability:makeUnavailable']);
    expect(actionsOf(lifecycleButtons(makeSurvey({ status: 'draft' }), all, false))[0]).toBe('publish:publish');
    expect(actionsOf(lifecycleButtons(makeSurvey({ status: 'submitted' }), all)).slice(0, 2)).toEqual(['publish:publish', 'reject:reject']);
    expect(actionsOf(lifecycleButtons(makeSurvey({ status: 'rejected' }), all))[0]).toBe('submit:submit');
    expect(actionsOf(lifecycleButtons(makeSurvey({ status: 'published' }), all))[0]).toBe('close:close');
    expect(lifecycleButtons(makeSurvey({ status: 'closed' }), all).filter((b) => b.kind === 'transition')).toEqual([]);
  });

  it('shows only what the account may do', () => {
    const submitted = makeSurvey({ status: 'submitted' });
    expect(actionsOf(lifecycleButtons(submitted, only('surveys.reject')))).toEqual(['reject:reject']);
    expect(lifecycleButtons(submitted, only('surveys.update', 'surveys.submit'))).toEqual([]);
    expect(lifecycleButtons(makeSurvey({ status: 'draft' }), () => false)).toEqual([]);
  });

  it('publishes a draft in one confirmed step when no approval is required, else submits with a confirmation', () => {
    const draft = makeSurvey({ status: 'draft' });
    const [direct, ...rest] = lifecycleButtons(draft, all, false);
    expect(direct).toMatchObject({ action: 'publish', label: 'lifecycle.publish', confirm: true, confirmKey: 'lifecycle.confirmPublish' });
    expect(rest.map((b) => b.action)).not.toContain('submit');
    // Without the right to publish, the account submits for someone else to publish.
    expect(lifecycleButtons(draft, only('surveys.submit'), false)).toEqual([
      expect.objectContaining({ action: 'submit', confirm: true, confirmKey: 'lifecycle.confirmSubmit' }),
    ]);
    const [forApproval] = lifecycleButtons(makeSurvey({ status: 'rejected' }), all, true);
    expect(forApproval).toMatchObject({ action: 'submit', label: 'lifecycle.submitForApproval', confirm: true });
  });

  it('offers no publish or reject on a survey waiting for its approval', () => {
    const submitted = makeSurvey({ status: 'submitted' });
    expect(lifecycleButtons(submitted, all, true).filter((b) => b.kind === 'transition')).toEqual([]);
    expect(awaitsApproval(submitted, true)).toBe(true);
    expect(awaitsApproval(submitted, false)).toBe(false);
  });

  it('names the toggles by the state they lead to, with the explicit value', () => {
    const [active, availability] = lifecycleButtons(makeSurvey({ status: 'closed', active: false, availability: 'unavailable' }), all);
    expect(active).toMatchObject({ label: 'lifecycle.activate', body: { active: true }, confirm: false, kind: 'toggle' });
    expect(availability).toMatchObject({ label: 'lifecycle.makeAvailable', body: { availability: 'available' }, kind: 'toggle' });
  });

  it('asks before publishing, rejecting, closing and switching off', () => {
    const confirming = lifecycleButtons(makeSurvey({ status: 'submitted' }), all).filter((b) => b.confirm).map((b) => b.label);
    expect(confirming).toEqual(['lifecycle.publish', 'lifecycle.reject', 'lifecycle.deactivate', 'lifecycle.makeUnavailable']);
  });

  it('gives templates no lifecycle', () => {
    expect(lifecycleButtons(makeSurvey({ is_template: true }), all)).toEqual([]);
  });
});
