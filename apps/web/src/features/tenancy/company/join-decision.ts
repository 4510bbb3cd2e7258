import { JOIN_REQUEST_DECIDED, type JoinRequestDecidedData } from '@app/contracts/company';
import type { NotificationCreatedData } from '@app/contracts/socket-events';
import { i18n } from '../../../i18n/i18n';
import { reloadUser } from '../../../lib/session/session-service';
import { showToast } from '../../../lib/toast';

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
