import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { answerInvitation } from './invitations.api';

/** The id of an invitation's live toast, so answering it anywhere closes it. */
export function invitationToastId(sid: string, invitationId: number): string {
  return `invitation-${sid}-${invitationId}`;
}

interface Props {
  sid: string;
  invitationId: number;
  /** Told once the server took the answer (e.g. the code page then says what happened). */
  onAnswered?: (status: string) => void;
}

/**
 * Refuser / Accepter for one invitation. The toast text comes from the status the
 * server answered ("invitation accepté" / "invitation refusé"); failures go to the
 * generic handler (section 8). Buttons show a loading state during the call, and an
 * answer closes the invitation's live toast wherever it was given.
 */
export function InvitationActions({ sid, invitationId, onAnswered }: Props) {
  const { t } = useTranslation('session');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (action: 'accept' | 'refuse') => answerInvitation(sid, invitationId, action),
    onSuccess: (answer) => {
      const accepted = answer.status === 'accepted';
      showToast({ message: accepted ? t('invitationAccepted') : t('invitationRefused'), tone: accepted ? 'success' : 'info' });
      void queryClient.invalidateQueries({ queryKey: ['invitations', 'mine', sid] });
      notifications.hide(invitationToastId(sid, invitationId));
      onAnswered?.(answer.status);
    },
    onError: showError,
  });
  const pending = mutation.isPending ? mutation.variables : null;
  return (
    <Group gap="xs" mt="xs" justify="flex-end">
      <Button size="xs" variant="default" loading={pending === 'refuse'} disabled={pending === 'accept'} onClick={() => mutation.mutate('refuse')}>
        {t('refuse')}
      </Button>
      <Button size="xs" loading={pending === 'accept'} disabled={pending === 'refuse'} onClick={() => mutation.mutate('accept')}>
        {t('accept')}
      </Button>
    </Group>
  );
}
