import type { ContributionEventData, ContributorCreatedData } from '@app/contracts/socket-events';
import { contributionPath, participationDetailsPath } from '../survey-paths';

/**
 * "Consulter" of `contributor.created` (someone invites you to contribute): the
 * contribution page of the survey, on the participation to fill (section 2).
 */
export function contributorToastHref(sid: string, data: ContributorCreatedData | null | undefined): string | undefined {
  const p = data?.participation;
  if (!p?.survey_code || !Number.isSafeInteger(p.id)) return undefined;
  return contributionPath(sid, p.survey_code, p.id);
}

/**
 * "Consulter" of `contribution.created` / `.updated` (someone contributed): the
 * participation details with its contributors (conversations route of section 2).
 */
export function contributionToastHref(sid: string, data: ContributionEventData | null | undefined): string | undefined {
  const p = data?.participation;
  if (!p || !Number.isSafeInteger(p.survey_id) || !Number.isSafeInteger(p.id)) return undefined;
  return participationDetailsPath(sid, p.survey_id, p.id);
}
