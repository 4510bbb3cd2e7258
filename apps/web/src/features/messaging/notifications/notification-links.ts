import type { NotificationView } from '@app/contracts/messaging';
import type { ContributionEventData, ContributorCreatedData } from '@app/contracts/socket-events';
import { participationDetailsPath, surveyPath } from '../../surveys/survey-paths';
import { contributionToastHref, contributorToastHref } from '../../surveys/live/survey-toast-links';

/** One received broadcast, opened above the list of `web/diffusions`. */
export function broadcastHref(sid: string, id: number): string {
  return `/${sid}/web/diffusions?broadcast=${id}`;
}

/** Where "Consulter" of a notification leads: the object of its toast card (section 2). */
export function notificationHref(sid: string, n: Pick<NotificationView, 'kind' | 'data'>): string | undefined {
  const data = n.data ?? {};
  switch (n.kind) {
    case 'broadcast':
      return typeof data.broadcast_id === 'number' ? broadcastHref(sid, data.broadcast_id) : `/${sid}/web/diffusions`;
    case 'contributor':
      return contributorToastHref(sid, { participation: data } as unknown as ContributorCreatedData);
    case 'contribution':
      return contributionToastHref(sid, { participation: data } as unknown as ContributionEventData);
    case 'invitation':
      return `/${sid}/business`;
    case 'evaluation':
      // "Consulter" of "X a évalué …": the evaluation (participation details).
      if (typeof data.survey_id === 'number' && typeof data.participation_id === 'number') {
        return participationDetailsPath(sid, data.survey_id, data.participation_id);
      }
      return undefined;
    default:
      // The platform's team rejected or closed a survey: its page shows the reason.
      if (typeof data.survey_id === 'number' && typeof data.survey_type === 'string') return surveyPath(sid, { id: data.survey_id, type: data.survey_type });
      // A new request to talk: the managers answer it from the waiting list of the support tab.
      if (typeof data.pending_chatroom_id === 'number') return `/${sid}/conversations/support`;
      if (typeof data.chatroom_id === 'number') return `/${sid}/conversations/${String(data.type ?? 'support')}/${data.chatroom_id}`;
      return undefined;
  }
}
