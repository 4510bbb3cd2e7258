import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WebhooksPanel } from '../../features/messaging/webhooks/WebhooksPanel';
import { PageHeader } from '../../ui/PageHeader';

/** `/{sessionID}/business/webhooks`: the company's webhook endpoints and their delivery log. */
export function WebhooksPage() {
  const { t } = useTranslation('messaging');
  return (
    <Stack gap="md">
      <PageHeader title={t('webhooks.title')} />
      <WebhooksPanel />
    </Stack>
  );
}
