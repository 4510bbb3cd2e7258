import type {
  BroadcastCreatedData,
  ContributionEventData,
  ContributorCreatedData,
  NotificationCreatedData,
  SocketEventName,
} from '@app/contracts/socket-events';
import { i18n } from '../../../i18n/i18n';
import { showToast } from '../../../lib/toast';
import { handleJoinDecision, handleJoinRequest } from '../../tenancy/company/join-decision';
import { showInvitationToast } from '../../tenancy/invitations/invitation-toast';
import { readLiveInvitation } from '../../tenancy/invitations/invitations.api';
import { contributionToastHref, contributorToastHref } from '../../surveys/live/survey-toast-links';
import { broadcastHref, notificationHref } from '../notifications/notification-links';

const t = (key: string, values?: Record<string, unknown>) => i18n.t(`session:${key}`, values);

/**
 * The toast of a live event already accepted for this account (event-filter.ts), with
 * the French texts of section 8. Messages in chatrooms belong to the conversations
 * pages and raise no toast.
 */
export function showLiveToast(sid: string, name: SocketEventName, data: unknown): void {
  switch (name) {
    case 'invitation.sent':
      showInvitationToast(sid, readLiveInvitation(data as Parameters<typeof readLiveInvitation>[0]));
      return;
    case 'notification.created': {
      const n = data as NotificationCreatedData & { kind?: string };
      if (handleJoinDecision(sid, n)) return;
      if (handleJoinRequest(sid, n)) return;
      // "X a évalué le site Y" (five variants): the notification is the toast card, its
      // "Consulter" opens the participation.
      if (n.kind === 'evaluation') {
        showToast({ message: n.title ?? '', href: notificationHref(sid, { kind: 'evaluation', data: n.data ?? {} }) });
        return;
      }
      // The other kinds have their own live event and toast (broadcast, invitation,
      // contributor, contribution): their notification only refreshes the bell.
      if (n.kind && n.kind !== 'notification') return;
      // "Consulter" opens its object, as the bell's entry does (the conversation handed
      // over, the support tab's waiting list): every such notification names one.
      showToast({
        title: t('notificationTitle'),
        message: n.title || n.body || t('notificationTitle'),
        href: notificationHref(sid, { kind: 'notification', data: n.data ?? {} }),
      });
      return;
    }
    case 'broadcast.created': {
      const b = data as BroadcastCreatedData;
      // "Consulter" opens this broadcast by its id, whatever the list's pages hold.
      showToast({ title: t('broadcastTitle'), message: b.title ?? '', href: typeof b.id === 'number' ? broadcastHref(sid, b.id) : undefined });
      return;
    }
    case 'contributor.created': {
      const p = (data as ContributorCreatedData).participation;
      showToast({
        message: t('contributorInvited', { agent: p?.agent_name ?? '', survey: p?.survey_title ?? '' }),
        href: contributorToastHref(sid, data as ContributorCreatedData),
      });
      return;
    }
    case 'contribution.created':
    case 'contribution.updated': {
      const c = data as ContributionEventData;
      showToast({
        message: t('contributed', { agent: c.agent?.name ?? '', survey: c.survey?.title ?? '' }),
        href: contributionToastHref(sid, c),
      });
      return;
    }
    // report.created / report.updated refresh the supervision screens (use-live-events):
    // the evaluation behind a new report already raised its "a évalué" card.
    default:
      return;
  }
}
