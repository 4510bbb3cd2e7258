import { Badge, Button, Loader, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../lib/show-error';
import { describeUserAgent } from '../../../lib/user-agent';
import { showToast } from '../../../lib/toast';
import { fetchDevices, logoutDevice } from './profile.api';

/** Devices with a live session (GET devices), each with its own sign-out. */
export function ProfileDevicesSection({ sid }: { sid: string }) {
  const { t, i18n } = useTranslation('session');
  const queryClient = useQueryClient();
  const devices = useQuery({ queryKey: ['devices', sid], queryFn: () => fetchDevices(sid), staleTime: 0 });
  const signOut = useMutation({
    mutationFn: (deviceId: number) => logoutDevice(sid, deviceId),
    onSuccess: () => {
      showToast({ message: t('deviceSignedOut'), tone: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['devices', sid] });
    },
    onError: showError,
  });
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);

  if (devices.isPending) return <Loader size="sm" aria-label={t('loading')} />;
  if (devices.isError) return <Text c="red" role="alert">{devices.error.message}</Text>;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('devicesHint')}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped data-testid="devices-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('device')}</Table.Th>
              <Table.Th>{t('lastSeen')}</Table.Th>
              <Table.Th>{t('address')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {devices.data.map((device) => (
              <Table.Tr key={device.id}>
                <Table.Td>
                  <Text size="sm" maw={320} title={device.user_agent ?? undefined} data-testid="device-label">
                    {describeUserAgent(device.user_agent, t)}
                  </Text>
                  {device.current ? <Badge size="xs">{t('thisDevice')}</Badge> : null}
                </Table.Td>
                <Table.Td>{when(device.last_seen_at)}</Table.Td>
                <Table.Td>{device.ip ?? '—'}</Table.Td>
                <Table.Td>
                  {device.current ? null : (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      loading={signOut.isPending && signOut.variables === device.id}
                      onClick={() => signOut.mutate(device.id)}
                    >
                      {t('signOutDevice')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
