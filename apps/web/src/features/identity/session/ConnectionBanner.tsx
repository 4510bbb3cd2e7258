import { Alert, Button, Group, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionState } from '../../../lib/session/session-machine';
import { reloadUser } from '../../../lib/session/session-service';

/** Shown while the session is in `error` or `networkError`: the pages keep the stored account. */
export function ConnectionBanner({ sid, state }: { sid: string; state: SessionState }) {
  const { t } = useTranslation('session');
  const [busy, setBusy] = useState(false);
  if (state !== 'error' && state !== 'networkError') return null;
  const retry = async () => {
    setBusy(true);
    await reloadUser(sid);
    setBusy(false);
  };
  return (
    <Alert color="orange" icon={<IconWifiOff size={18} />} role="status" data-testid="connection-banner">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{state === 'networkError' ? t('networkError') : t('connectionError')}</Text>
        <Button size="xs" variant="light" color="orange" loading={busy} onClick={retry}>
          {t('retry')}
        </Button>
      </Group>
    </Alert>
  );
}
