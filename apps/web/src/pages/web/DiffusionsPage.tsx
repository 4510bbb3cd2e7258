import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BroadcastComposer } from '../../features/messaging/diffusions/BroadcastComposer';
import { DiffusionsList } from '../../features/messaging/diffusions/DiffusionsList';
import { OpenedBroadcast } from '../../features/messaging/diffusions/OpenedBroadcast';
import { SentBroadcasts } from '../../features/messaging/diffusions/SentBroadcasts';
import { useSearchParams } from 'react-router';
import { useCurrentSession } from '../../lib/session/use-session';
import { PageHeader } from '../../ui/PageHeader';

/**
 * `/{sessionID}/web/diffusions[?broadcast={id}]`: the broadcast a "Consulter" opened, on top;
 * the company's composer and its latest broadcasts (sending, then sent) for those who may
 * publish; the broadcasts received.
 */
export function DiffusionsPage() {
  const { t } = useTranslation('messaging');
  const { account } = useCurrentSession();
  const [search] = useSearchParams();
  const opened = search.get('broadcast');
  const openedId = opened && /^\d{1,9}$/.test(opened) ? Number(opened) : null;
  const canPublish = account?.permissions?.['broadcasts.create'] === true && Boolean(account.agents?.length);
  return (
    <Stack gap="md">
      <PageHeader title={t('diffusions')} />
      {openedId !== null ? <OpenedBroadcast key={openedId} id={openedId} /> : null}
      {canPublish ? <BroadcastComposer /> : null}
      {canPublish ? <SentBroadcasts /> : null}
      <DiffusionsList />
    </Stack>
  );
}
