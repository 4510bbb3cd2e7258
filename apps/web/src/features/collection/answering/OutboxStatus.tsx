import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudCheck, IconCloudUpload, IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import type { StoredAccount } from '../../../lib/session/account.types';
import { downloadUnsentWork } from './outbox';
import { useOutboxT } from './outbox-i18n';
import { useOutbox, useOutboxQueue } from './use-outbox';

/** The agent's name as the unsent-work file records it. */
export const ownerOf = (account: Pick<StoredAccount, 'usr'>) => ({
  userId: account.usr.id,
  name: [account.usr.first_name, account.usr.last_name].filter(Boolean).join(' ') || account.usr.email || null,
});

/**
 * The outbox line of the signed-in frame: "3 envois en attente" (and why: offline, next
 * try, session ended), "Envoyé" once everything went, or what the server refused. It
 * also keeps the outbox sending in the background (useOutbox).
 */
export function OutboxStatus({ account, sessionWorks }: { account: StoredAccount; sessionWorks: boolean }) {
  const t = useOutboxT();
  const state = useOutbox(account, sessionWorks);
  const queue = useOutboxQueue(account);
  const [exporting, setExporting] = useState(false);
  const { pending, last } = state;
  if (pending === 0 && (last.kind === 'idle' || last.kind === 'waiting')) return null;
  if (pending === 0 && last.kind === 'sent') {
    return (
      <Alert color="teal" icon={<IconCloudCheck size={18} />} role="status" data-testid="outbox-status" data-state="sent">
        <Text size="sm">
          <strong>{t('sent')}</strong> · {t('sentAll')}
        </Text>
      </Alert>
    );
  }
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const problem = last.kind === 'rejected' || last.kind === 'file-refused' || (last.kind === 'waiting' && last.signInLost);
  const detail =
    last.kind === 'rejected'
      ? t('rejected', { message: last.message })
      : last.kind === 'file-refused'
        ? t('fileRefused', { message: last.message })
        : last.kind === 'waiting' && last.signInLost
          ? t('signInLost')
          : offline
            ? t('pendingOffline')
            : last.kind === 'waiting'
              ? t('pendingRetry', { seconds: Math.ceil(last.retryInMs / 1000) })
              : null;
  const exportWork = async () => {
    setExporting(true);
    try {
      await downloadUnsentWork(account.sid, ownerOf(account));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Alert
      color={problem ? 'red' : 'blue'}
      icon={problem ? <IconAlertTriangle size={18} /> : <IconCloudUpload size={18} />}
      role="status"
      data-testid="outbox-status"
      data-state={problem ? 'error' : 'pending'}
      data-pending={pending}
    >
      <Stack gap={6}>
        <Text size="sm">
          {pending > 0 ? <strong>{t('pending', { count: pending })}</strong> : null}
          {pending > 0 && detail ? ' · ' : null}
          {detail}
        </Text>
        {pending > 0 ? (
          <Group gap="xs">
            {!offline ? (
              <Button size="xs" variant="light" onClick={() => void queue?.flush()} data-testid="outbox-retry">
                {t('retryNow')}
              </Button>
            ) : null}
            <Button size="xs" variant="subtle" loading={exporting} onClick={exportWork} data-testid="outbox-export">
              {t('export')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}
