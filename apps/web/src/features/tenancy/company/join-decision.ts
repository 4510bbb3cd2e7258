import { JOIN_REQUEST_DECIDED, JOIN_REQUESTED, type JoinRequestDecidedData, type NotificationCreatedData } from '@app/contracts/socket-events';
import { i18n } from '../../../i18n/i18n';
import { reloadUser } from '../../../lib/session/session-service';
import { showToast } from '../../../lib/toast';
import { approvalsPath } from '../company-paths';

/**
 * A live notice that the company decided on the account's join request: on approval
 * the account is reloaded so the new company appears (switcher, business home) at once.
 * Returns false for other notifications, which keep the generic toast.
 */
export function handleJoinDecision(sid: string, data: NotificationCreatedData): boolean {
  if (data.type !== JOIN_REQUEST_DECIDED || !data.data) return false;
  const decision = data.data as unknown as JoinRequestDecidedData;
  const approved = decision.status === 'approved';
  const message = i18n.t(approved ? 'session:joinAccepted' : 'session:joinRefused', { company: decision.company_name });
  showToast({ message: decision.comment ? `${message} — ${decision.comment}` : message, tone: approved ? 'success' : 'info' });
  if (approved) void reloadUser(sid);
  return true;
}

/** Whether a live notification is a new request to join the active company (its deciders get it). */
export function isJoinRequest(data: NotificationCreatedData | null | undefined): boolean {
  return data?.data?.type === JOIN_REQUESTED;
}

/**
 * Someone asks to join the company: the toast names them and its "Consulter" opens the
 * approvals, where the request waits (the list and the bell refresh: use-live-events).
 */
export function handleJoinRequest(sid: string, data: NotificationCreatedData): boolean {
  if (!isJoinRequest(data)) return false;
  showToast({ title: i18n.t('session:notificationTitle'), message: data.title ?? '', href: approvalsPath(sid) });
  return true;
}
