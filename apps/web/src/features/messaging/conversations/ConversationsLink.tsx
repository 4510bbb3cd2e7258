import { ActionIcon, Indicator } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { fetchRoomCounts, messagingKeys } from '../messaging.api';

/** Header link to the conversations, with the unread messages and waiting requests count (GET chatrooms/overview/count). */
export function ConversationsLink({ sid }: { sid: string }) {
  const { t } = useTranslation('messaging');
  const scope = useCacheScope();
  const counts = useQuery({ queryKey: messagingKeys.roomCounts(scope), queryFn: fetchRoomCounts, staleTime: 30_000 });
  // Unread messages, and for a manager the requests waiting for an answer.
  const total = (counts.data?.total ?? 0) + (counts.data?.pending ?? 0);
  return (
    <Indicator label={total > 99 ? '99+' : total} size={16} disabled={total === 0} offset={4} data-testid="conversations-count">
      <ActionIcon component={Link} to={`/${sid}/conversations/all`} variant="subtle" size="lg" aria-label={t('conversations')} data-testid="conversations-link">
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
        </svg>
      </ActionIcon>
    </Indicator>
  );
}
