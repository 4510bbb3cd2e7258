import { Alert, Button, Group, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionState } from '../../../lib/session/session-machine';
import { reloadUser } from '../../../lib/session/session-service';

/** Whether the browser says it has a network, followed live. */
function useBrowserOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine !== false);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine !== false);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * Shown while the session is in `error` or `networkError`: the pages keep the stored
 * account. Without any network it says "hors ligne" (the agent stays signed in, works
 * from what is stored, and nothing is retried until the network returns).
 */
export function ConnectionBanner({ sid, state }: { sid: string; state: SessionState }) {
  const { t } = useTranslation('session');
  const [busy, setBusy] = useState(false);
  const online = useBrowserOnline();
  if (state !== 'error' && state !== 'networkError') return null;
  if (!online) {
    return (
      <Alert color="gray" icon={<IconWifiOff size={18} />} role="status" data-testid="connection-banner" data-offline="true">
        <Text size="sm">{t('offline')}</Text>
      </Alert>
    );
  }
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
