import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadUnsentWork, outboxOwner, queuedBodies } from './outbox';
import { useOutboxT } from './outbox-i18n';

/**
 * On the forced sign-out page (session revoked, agent suspended, refresh refused): the
 * answers that had not left the phone are still there. Says so, and exports them to a
 * file the agent can hand over; signing in again as the same user sends them
 * (adoptOrphanOutboxes). Nothing is ever dropped silently.
 */
export function UnsentWorkNotice({ sid }: { sid: string }) {
  const t = useOutboxT();
  const [count] = useState(() => queuedBodies(sid).length);
  const [busy, setBusy] = useState(false);
  if (count === 0) return null;
  const exportWork = async () => {
    setBusy(true);
    try {
      await downloadUnsentWork(sid, { userId: outboxOwner(sid), name: null });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('unsentTitle')} data-testid="unsent-work">
      <Stack gap="xs">
        <Text size="sm">{t('unsentText', { count })}</Text>
        <Button size="xs" variant="light" color="orange" loading={busy} onClick={exportWork} data-testid="unsent-work-export">
          {t('export')}
        </Button>
      </Stack>
    </Alert>
  );
}
