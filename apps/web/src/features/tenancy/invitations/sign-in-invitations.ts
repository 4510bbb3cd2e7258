import { showInvitationToast } from './invitation-toast';
import { fetchMyInvitations } from './invitations.api';

/**
 * At sign-in, each pending invitation of the account comes up as its card (Refuser /
 * Accepter), as if it had just arrived live: a person invited while away learns of it
 * on whatever page they land. Failures stay silent; the homes list them again.
 */
export async function showPendingInvitationsAtSignIn(sid: string): Promise<void> {
  try {
    const pending = await fetchMyInvitations(sid);
    for (const invitation of pending) showInvitationToast(sid, invitation);
  } catch {
    // Offline or refused: the business and web homes show the list.
  }
}
