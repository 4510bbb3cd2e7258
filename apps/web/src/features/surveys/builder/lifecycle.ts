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
  /** The body the route takes (explicit target value for the toggles). */
  body?: Record<string, unknown>;
  /** Status transitions are shown as buttons; the activation and availability toggles sit in the menu. */
  kind: 'transition' | 'toggle';
}

/**
 * The lifecycle buttons to show for a survey: those the state machine allows from its
 * status (contracts' `allowedSurveyActions`), kept only when the account holds
 * `surveys.{action}`. Toggles name the state they lead to.
 */
export function lifecycleButtons(
  survey: Pick<Survey, 'status' | 'is_template' | 'active' | 'availability'>,
  can: (permission: string) => boolean,
): LifecycleButton[] {
  const buttons: Record<SurveyLifecycleAction, LifecycleButton> = {
    submit: { action: 'submit', label: 'lifecycle.submit', color: 'blue', confirm: false, kind: 'transition' },
    publish: { action: 'publish', label: 'lifecycle.publish', color: 'teal', confirm: true, kind: 'transition' },
    reject: { action: 'reject', label: 'lifecycle.reject', color: 'orange', confirm: true, kind: 'transition' },
    close: { action: 'close', label: 'lifecycle.close', color: 'red', confirm: true, kind: 'transition' },
    active: survey.active
      ? { action: 'active', label: 'lifecycle.deactivate', color: 'gray', confirm: true, body: { active: false }, kind: 'toggle' }
      : { action: 'active', label: 'lifecycle.activate', color: 'gray', confirm: false, body: { active: true }, kind: 'toggle' },
    changeavailability:
      survey.availability === 'available'
        ? { action: 'changeavailability', label: 'lifecycle.makeUnavailable', color: 'gray', confirm: true, body: { availability: 'unavailable' }, kind: 'toggle' }
        : { action: 'changeavailability', label: 'lifecycle.makeAvailable', color: 'gray', confirm: false, body: { availability: 'available' }, kind: 'toggle' },
  };
  return allowedSurveyActions(survey)
    .filter((action) => can(`surveys.${action}`))
    .map((action) => buttons[action]);
}
