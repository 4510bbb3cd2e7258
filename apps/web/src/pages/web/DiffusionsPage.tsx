import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BroadcastComposer } from '../../features/messaging/diffusions/BroadcastComposer';
import { DiffusionsList } from '../../features/messaging/diffusions/DiffusionsList';
import { useCurrentSession } from '../../lib/session/use-session';
import { PageHeader } from '../../ui/PageHeader';

/** `/{sessionID}/web/diffusions`: the broadcasts received; the company's composer for those who may publish. */
export function DiffusionsPage() {
  const { t } = useTranslation('messaging');
  const { account } = useCurrentSession();
  const canPublish = account?.permissions?.['broadcasts.create'] === true && Boolean(account.agents?.length);
  return (
    <Stack gap="md">
      <PageHeader title={t('diffusions')} />
      {canPublish ? <BroadcastComposer /> : null}
      <DiffusionsList />
    </Stack>
  );
}
