import type { ReviewAction } from '../../surveys/api/participations.api';
import type { ParticipationStatus } from '../../surveys/survey.types';

/** The review state machine of participations (server: review-state.service). */
const FROM: Record<ReviewAction, ParticipationStatus> = {
  check: 'submitted',
  uncheck: 'checked',
  validate: 'checked',
};

/** Review buttons for a participation: allowed from its status and granted by `participations.{action}`. */
export function reviewActionsFor(status: ParticipationStatus, can: (permission: string) => boolean): ReviewAction[] {
  return (Object.keys(FROM) as ReviewAction[]).filter((action) => FROM[action] === status && can(`participations.${action}`));
}
