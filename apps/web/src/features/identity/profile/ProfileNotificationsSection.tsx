import type { NotificationPreferences } from '@app/contracts/auth';
import { Alert, Button, Fieldset, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredAccount } from '../../../lib/session/account.types';
import { reloadUser, storeUser } from '../../../lib/session/session-service';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { postProfileUpdate } from './profile.api';

const CHANNELS = ['email', 'sms', 'in_app'] as const;
const EVENTS = ['invitations', 'contributions', 'broadcasts', 'reports'] as const;
type Channel = (typeof CHANNELS)[number];
type EventKind = (typeof EVENTS)[number];

const CHANNEL_LABELS = { email: 'notifyEmail', sms: 'notifySms', in_app: 'notifyInApp' } as const satisfies Record<Channel, string>;
const EVENT_LABELS = {
  invitations: 'notifyInvitations',
  contributions: 'notifyContributions',
  broadcasts: 'notifyBroadcasts',
  reports: 'notifyReports',
} as const satisfies Record<EventKind, string>;

/**
 * Profile, notifications section: which channels reach the user and for which events.
 * An account stored before the server knew preferences has none locally, so it is
 * read again from GET auth before the switches are shown.
 */
export function ProfileNotificationsSection({ account }: { account: StoredAccount }) {
  const { t } = useTranslation('session');
  const { sid } = account;
  const stored = account.usr.notification_preferences;
  const fresh = useQuery({
    queryKey: ['profile-notifications', sid],
    queryFn: async () => {
      const reloaded = await reloadUser(sid);
      if (!reloaded?.usr.notification_preferences) throw new Error(t('notificationsLoadFailed'));
      return reloaded.usr.notification_preferences;
    },
    enabled: !stored,
    retry: false,
  });
  const initial = stored ?? fresh.data;
  if (initial) return <NotificationsForm key={sid} sid={sid} initial={initial} />;
  if (fresh.isError) {
    return (
      <Alert color="red" title={t('notificationsLoadFailed')} data-testid="notifications-error">
        <Button variant="light" size="xs" mt="xs" onClick={() => fresh.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }
  return <Loader size="sm" data-testid="notifications-loading" aria-label={t('loading')} />;
}

function NotificationsForm({ sid, initial }: { sid: string; initial: NotificationPreferences }) {
  const { t } = useTranslation('session');
  const [values, setValues] = useState(initial);
  const save = useMutation({
    mutationFn: (preferences: NotificationPreferences) => postProfileUpdate(sid, { notification_preferences: preferences }),
    onSuccess: (user) => {
      storeUser(sid, user);
      setValues(user.notification_preferences);
      showToast({ message: t('notificationsSaved'), tone: 'success' });
    },
    onError: showError,
  });
  const toggle = <G extends keyof NotificationPreferences>(group: G, key: keyof NotificationPreferences[G], on: boolean) =>
    setValues((current) => ({ ...current, [group]: { ...current[group], [key]: on } }));

  return (
    <form
      data-testid="profile-notifications-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(values);
      }}
    >
      <Stack gap="lg" maw={520}>
        <Fieldset legend={t('notifyChannels')}>
          <Stack gap="sm">
            {CHANNELS.map((key) => (
              <Switch
                key={key}
                label={t(CHANNEL_LABELS[key])}
                checked={values.channels[key]}
                onChange={(event) => toggle('channels', key, event.currentTarget.checked)}
              />
            ))}
          </Stack>
        </Fieldset>
        <Fieldset legend={t('notifyEvents')}>
          <Stack gap="sm">
            {EVENTS.map((key) => (
              <Switch
                key={key}
                label={t(EVENT_LABELS[key])}
                checked={values.events[key]}
                onChange={(event) => toggle('events', key, event.currentTarget.checked)}
              />
            ))}
          </Stack>
        </Fieldset>
        <Text size="xs" c="dimmed">
          {t('notifyHint')}
        </Text>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
