import { notifications } from '@mantine/notifications';
import { i18n } from '../../../i18n/i18n';
import { toastOptions } from '../../../lib/toast';
import { InvitationActions, invitationToastId } from './InvitationActions';
import type { GuestInvitation } from './invitations.api';

/**
 * The live invitation card (section 8): "<host> vous invite à rejoindre l’entreprise
 * <company>" with Refuser and Accepter. Unlike plain toasts it stays until answered,
 * since it carries a decision; the pending list of the web home offers it again.
 */
export function showInvitationToast(sid: string, invitation: GuestInvitation): string {
  const id = invitationToastId(sid, invitation.id);
  const text = i18n.t('session:invitationSent', { host: invitation.hostName, company: invitation.companyName });
  const base = toastOptions({ title: i18n.t('session:invitationTitle'), message: text });
  notifications.show({
    ...base,
    id,
    autoClose: false,
    message: (
      <div data-testid="invitation-toast">
        <span>{text}</span>
        <InvitationActions sid={sid} invitationId={invitation.id} />
      </div>
    ),
  });
  return id;
}
