import { allowedSurveyActions } from '@app/contracts/surveys';
import type { SurveyLifecycleAction } from '../api/surveys.api';
import type { Survey } from '../survey.types';

export interface LifecycleButton {
  action: SurveyLifecycleAction;
  /** i18n key (namespace surveys) of the button label. */
  label: string;
  color: string;
  /** Asks before running (irreversible or visible to respondents). */
  confirm: boolean;
  /** i18n key of the question asked before running. */
  confirmKey?: string;
  /** The body the route takes (explicit target value for the toggles). */
  body?: Record<string, unknown>;
  /** Status transitions are shown as buttons; the activation and availability toggles sit in the menu. */
  kind: 'transition' | 'toggle';
}

/**
 * The lifecycle buttons to show for a survey: those the state machine allows from its
 * status (contracts' `allowedSurveyActions`), kept only when the account holds
 * `surveys.{action}`. Toggles name the state they lead to.
 *
 * `approvalRequired` is the company's survey policy (undefined while unknown). A draft
 * offers one "Publier" (submit and publish at once, confirmed) when no approval is
 * required and the account may do both; otherwise "Soumettre" (or "Soumettre pour
 * approbation"), confirmed too since it locks the structure. A submitted survey awaiting
 * an approval offers no publish/reject: that decision is taken in the approvals.
 */
export function lifecycleButtons(
  survey: Pick<Survey, 'status' | 'is_template' | 'active' | 'availability'>,
  can: (permission: string) => boolean,
  approvalRequired?: boolean,
): LifecycleButton[] {
  const editable = survey.status === 'draft' || survey.status === 'rejected';
  const publishesAtOnce = editable && approvalRequired === false && can('surveys.submit') && can('surveys.publish');
  const buttons: Record<SurveyLifecycleAction, LifecycleButton> = {
    submit: approvalRequired
      ? { action: 'submit', label: 'lifecycle.submitForApproval', color: 'blue', confirm: true, confirmKey: 'lifecycle.confirmSubmitForApproval', kind: 'transition' }
      : { action: 'submit', label: 'lifecycle.submit', color: 'blue', confirm: true, confirmKey: 'lifecycle.confirmSubmit', kind: 'transition' },
    publish: { action: 'publish', label: 'lifecycle.publish', color: 'teal', confirm: true, confirmKey: 'lifecycle.confirmPublish', kind: 'transition' },
    reject: { action: 'reject', label: 'lifecycle.reject', color: 'orange', confirm: true, confirmKey: 'lifecycle.confirmReject', kind: 'transition' },
    close: { action: 'close', label: 'lifecycle.close', color: 'red', confirm: true, confirmKey: 'lifecycle.confirmClose', kind: 'transition' },
    active: survey.active
      ? { action: 'active', label: 'lifecycle.deactivate', color: 'gray', confirm: true, confirmKey: 'lifecycle.confirmDeactivate', body: { active: false }, kind: 'toggle' }
      : { action: 'active', label: 'lifecycle.activate', color: 'gray', confirm: false, body: { active: true }, kind: 'toggle' },
    changeavailability:
      survey.availability === 'available'
        ? {
            action: 'changeavailability',
            label: 'lifecycle.makeUnavailable',
            color: 'gray',
            confirm: true,
            confirmKey: 'lifecycle.confirmMakeUnavailable',
            body: { availability: 'unavailable' },
            kind: 'toggle',
          }
        : { action: 'changeavailability', label: 'lifecycle.makeAvailable', color: 'gray', confirm: false, body: { availability: 'available' }, kind: 'toggle' },
  };
  const shown = allowedSurveyActions(survey).filter((action) => {
    if (editable && action === 'submit') return !publishesAtOnce;
    if (editable && action === 'publish') return publishesAtOnce;
    if (survey.status === 'submitted' && approvalRequired && (action === 'publish' || action === 'reject')) return false;
    return true;
  });
  return shown.filter((action) => can(`surveys.${action}`)).map((action) => buttons[action]);
}

/** Whether the survey waits for an approval to be published (shown instead of publish/reject). */
export function awaitsApproval(survey: Pick<Survey, 'status'>, approvalRequired?: boolean): boolean {
  return survey.status === 'submitted' && approvalRequired === true;
}
