import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { showError } from '../../../lib/show-error';
import { fetchParticipationRoom, messagingKeys, openParticipationRoom } from '../messaging.api';
import { SubjectChat } from './SubjectChat';

/**
 * The conversation of one participation between its reviewers and whoever submitted it
 * (GET/POST chatrooms/participation/{id}): shown on the participation's page. Nothing is
 * created by looking: a reviewer opens it with the button, the others then find it here
 * and in their conversations (kind "Participations").
 */
export function ParticipationChat({ participationId }: { participationId: number }) {
  const { t } = useTranslation('messaging');
  const scope = useCacheScope();
  const queryClient = useQueryClient();
  const found = useQuery({
    queryKey: messagingKeys.participationRoom(scope, participationId),
    queryFn: () => fetchParticipationRoom(participationId),
    retry: false,
  });
  const open = useMutation({
    mutationFn: () => openParticipationRoom(participationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['messaging', scope] }),
    onError: showError,
  });
  // 404: neither a reviewer nor in the room (the page shows the participation's own error).
  if (found.isError) return null;
  const respondent = found.data?.respondent?.name;
  return (
    <SubjectChat
      testId="participation-chat"
      title={respondent ? t('conversationWith', { name: respondent }) : t('conversation')}
      roomId={found.data ? (found.data.room?.id ?? null) : undefined}
      emptyText={found.data?.can_open ? t('participationChatEmpty') : t('participationChatNone')}
      onOpen={found.data?.can_open ? () => open.mutate() : undefined}
      openLabel={respondent ? t('writeTo', { name: respondent }) : t('openConversation')}
      opening={open.isPending}
    />
  );
}
