import type { AdminUserDetail } from '@app/contracts/admin-platform';
import { Badge, Button, Group, Menu, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { useCurrentSession } from '../../../lib/session/use-session';
import { ConfirmButton, useConfirm } from '../../../ui/ConfirmDialog';
import { DetailPage } from '../../../ui/detail/DetailPage';
import { StatusBadge } from '../../../ui/StatusBadge';
import { formatDateTime } from '../../../ui/format';
import { adminPaths } from '../../administration/admin-paths';
import { useAdminPlatformT } from './admin-platform-i18n';
import { adminUsersApi } from './admin-users.api';
import { roleDescription, roleName } from '../../tenancy/company-i18n';

/** An account's roles here are the platform's (no company): named and described in the reader's language. */
const platformRole = (role: { slug: string; name: string }) => ({ ...role, company_id: null });

type T = ReturnType<typeof useAdminPlatformT>['t'];

function Facts({ rows }: { rows: Array<[string, React.ReactNode]> }) {
  return (
    <Table variant="vertical" withTableBorder>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={260}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ProfileTab({ user, t }: { user: AdminUserDetail; t: T }) {
  const when = (value: string | null) => (value ? formatDateTime(value) : t('common.no'));
  return (
    <Facts
      rows={[
        [t('users.name'), user.name || '—'],
        [t('users.profile.username'), user.username ?? '—'],
        [t('users.email'), user.email ?? '—'],
        [t('users.profile.emailValidated'), when(user.email_verified_at)],
        [t('users.phone'), user.phone ?? '—'],
        [t('users.profile.phoneValidated'), when(user.phone_verified_at)],
        [t('users.type'), t(`users.types.${user.type}`)],
        [t('common.status'), <StatusBadge key="s" status={user.status} />],
        [t('users.profile.locale'), user.locale],
        [t('users.profile.mustChangePassword'), user.has_to_change_password ? t('common.yes') : t('common.no')],
        [t('users.lastSignIn'), user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : t('common.never')],
        [t('users.profile.created'), formatDateTime(user.created_at)],
      ]}
    />
  );
}

function CompaniesTab({ user, t, onChanged }: { user: AdminUserDetail; t: T; onChanged: () => void }) {
  const { sid } = useCurrentSession();
  const roles = useQuery({ queryKey: ['admin/roles', sid], queryFn: adminUsersApi.roles });
  const [chosen, setChosen] = useState<string | null>(null);
  const held = new Set(user.roles.map((r) => r.id));
  const offered = (roles.data ?? []).filter((r) => !held.has(r.id)).map((r) => ({ value: String(r.id), label: roleName(t, platformRole(r)) }));
  const assign = useMutation({
    mutationFn: (role: number) => adminUsersApi.assignRole(user.id, role),
    onSuccess: () => {
      setChosen(null);
      showToast({ message: t('users.done.roles'), tone: 'success' });
      onChanged();
    },
    onError: showError,
  });
  const remove = useMutation({ mutationFn: (role: number) => adminUsersApi.removeRole(user.id, role), onSuccess: onChanged, onError: showError });
  return (
    <Stack gap="lg">
      {user.memberships.length === 0 ? (
        <Text c="dimmed">{t('users.noMemberships')}</Text>
      ) : (
        <Table striped data-testid="user-memberships">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('users.membership.company')}</Table.Th>
              <Table.Th>{t('users.membership.job')}</Table.Th>
              <Table.Th>{t('users.membership.roles')}</Table.Th>
              <Table.Th>{t('users.membership.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {user.memberships.map((m) => (
              <Table.Tr key={m.agent_id}>
                <Table.Td>
                  {m.company_name} <Text span c="dimmed" size="sm">({m.company_code})</Text>
                </Table.Td>
                <Table.Td>{m.job ?? '—'}</Table.Td>
                <Table.Td>{m.roles.join(', ') || '—'}</Table.Td>
                <Table.Td>
                  <StatusBadge status={m.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('users.platformRoles')}
        </Title>
        <Group gap="xs" data-testid="user-platform-roles">
          {user.type === 'admin' ? <Badge color="grape">{t('users.types.admin')}</Badge> : null}
          {user.roles
            .filter((r) => r.slug !== 'admin')
            .map((r) => (
              <Badge key={r.id} variant="light" title={roleDescription(t, platformRole(r)) ?? undefined} rightSection={
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove.mutate(r.id)} aria-label={`${t('users.removeRole')} ${roleName(t, platformRole(r))}`}>
                  ×
                </Button>
              }>
                {roleName(t, platformRole(r))}
              </Badge>
            ))}
          {user.roles.length === 0 && user.type !== 'admin' ? <Text c="dimmed">{t('common.none')}</Text> : null}
        </Group>
        {offered.length ? (
          <Group gap="xs" align="flex-end">
            <Select label={t('users.addRole')} data={offered} value={chosen} onChange={setChosen} w={260} data-testid="user-role-select" />
            <Button disabled={!chosen} loading={assign.isPending} onClick={() => chosen && assign.mutate(Number(chosen))}>
              {t('users.assign')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Stack>
  );
}

function DevicesTab({ user, t }: { user: AdminUserDetail; t: T }) {
  if (user.devices.length === 0) return <Text c="dimmed">{t('users.noDevices')}</Text>;
  return (
    <Table striped data-testid="user-devices">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('users.device.agent')}</Table.Th>
          <Table.Th>{t('users.device.ip')}</Table.Th>
          <Table.Th>{t('users.device.lastSeen')}</Table.Th>
          <Table.Th>{t('users.device.sessions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {user.devices.map((d) => (
          <Table.Tr key={d.id}>
            <Table.Td>{d.user_agent ?? '—'}</Table.Td>
            <Table.Td>{d.ip ?? '—'}</Table.Td>
            <Table.Td>{formatDateTime(d.last_seen_at)}</Table.Td>
            <Table.Td>{d.open_sessions}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ActivityTab({ user, t }: { user: AdminUserDetail; t: T }) {
  if (user.activity.length === 0) return <Text c="dimmed">{t('users.noActivity')}</Text>;
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('users.activity.when')}</Table.Th>
          <Table.Th>{t('users.activity.what')}</Table.Th>
          <Table.Th>{t('users.activity.where')}</Table.Th>
          <Table.Th>{t('users.activity.target')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {user.activity.map((a) => (
          <Table.Tr key={a.id}>
            <Table.Td>{formatDateTime(a.created_at)}</Table.Td>
            <Table.Td>{a.kind}</Table.Td>
            <Table.Td>{a.company_name}</Table.Td>
            <Table.Td>{a.subject_name ?? a.target_name ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** mnt/users/{action}/{type}/{user}: one account and what the platform admin may do to it. */
export function UserDetailPage() {
  const { t } = useAdminPlatformT();
  const { sid } = useCurrentSession();
  const id = Number(useParams().user);
  const client = useQueryClient();
  const key = ['admin/users', sid, 'detail', id];
  const user = useQuery({ queryKey: key, queryFn: () => adminUsersApi.get(id), enabled: Number.isInteger(id) && id > 0 });
  const [confirm, dialog] = useConfirm();
  const refresh = (data?: AdminUserDetail) => {
    if (data) client.setQueryData(key, data);
    void client.invalidateQueries({ queryKey: ['admin/users'] });
  };
  const act = useMutation({
    mutationFn: async (action: 'suspend' | 'reactivate' | 'signout' | 'promote' | 'demote') => ({ action, data: await adminUsersApi.act(id, action) }),
    onSuccess: ({ action, data }) => {
      const done = { suspend: 'suspend', reactivate: 'reactivate', signout: 'signOut', promote: 'type', demote: 'type' }[action];
      showToast({ message: t(`users.done.${done}`), tone: 'success' });
      refresh(data);
    },
    onError: showError,
  });
  const reset = useMutation({ mutationFn: () => adminUsersApi.resetCode(id), onSuccess: (r) => showToast({ message: t('users.done.resetCode', { destination: r.destination }), tone: 'success' }), onError: showError });
  const validate = useMutation({
    mutationFn: (channel: 'email' | 'phone') => adminUsersApi.validate(id, channel),
    onSuccess: (data) => {
      showToast({ message: t('users.done.validated'), tone: 'success' });
      refresh(data);
    },
    onError: showError,
  });
  const u = user.data;
  const name = u ? u.name || u.email || u.phone || `#${u.id}` : '';
  const ask = async (action: 'signout' | 'promote' | 'demote', message: string, label: string) => {
    if ((await confirm({ message, confirmLabel: label, color: action === 'promote' ? 'blue' : 'red' })).confirmed) act.mutate(action);
  };
  const actions = u ? (
    <Group gap="xs">
      {u.can.suspend ? (
        <ConfirmButton confirm={{ message: t('users.confirm.suspend', { name }) }} onConfirm={() => act.mutateAsync('suspend')} data-testid="user-suspend">
          {t('users.actions.suspend')}
        </ConfirmButton>
      ) : null}
      {u.can.reactivate ? (
        <Button variant="light" color="teal" loading={act.isPending} onClick={() => act.mutate('reactivate')} data-testid="user-reactivate">
          {t('users.actions.reactivate')}
        </Button>
      ) : null}
      {u.can.sign_out || u.can.reset_code || (u.email && !u.email_verified_at) || (u.phone && !u.phone_verified_at) || u.can.promote || u.can.demote ? (
        <Menu position="bottom-end">
          <Menu.Target>
            <Button variant="default" rightSection={<IconChevronDown size={14} />} data-testid="user-more">
              ···
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {u.can.sign_out ? <Menu.Item onClick={() => void ask('signout', t('users.confirm.signOut', { name }), t('users.actions.signOut'))}>{t('users.actions.signOut')}</Menu.Item> : null}
            {u.can.reset_code ? <Menu.Item onClick={() => reset.mutate()}>{t('users.actions.resetCode')}</Menu.Item> : null}
            {u.email && !u.email_verified_at ? <Menu.Item onClick={() => validate.mutate('email')}>{t('users.actions.validateEmail')}</Menu.Item> : null}
            {u.phone && !u.phone_verified_at ? <Menu.Item onClick={() => validate.mutate('phone')}>{t('users.actions.validatePhone')}</Menu.Item> : null}
            {u.can.promote ? <Menu.Item onClick={() => void ask('promote', t('users.confirm.promote', { name }), t('users.actions.promote'))}>{t('users.actions.promote')}</Menu.Item> : null}
            {u.can.demote ? <Menu.Item color="red" onClick={() => void ask('demote', t('users.confirm.demote', { name }), t('users.actions.demote'))}>{t('users.actions.demote')}</Menu.Item> : null}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </Group>
  ) : null;
  return (
    <>
      <DetailPage
        title={name || t('users.title')}
        description={u ? <StatusBadge status={u.status} data-testid="user-status" /> : undefined}
        breadcrumbs={[{ label: u ? t(`users.titleByType.${u.type}`) : t('users.title'), to: u ? adminPaths.usersByType(sid, u.type) : adminPaths.users(sid) }, { label: name }]}
        actions={actions}
        query={user}
        notFound={t('users.notFound')}
        tabs={
          u
            ? [
                { value: 'profile', label: t('users.tabs.profile'), content: <ProfileTab user={u} t={t} /> },
                { value: 'companies', label: t('users.tabs.companies'), content: <CompaniesTab user={u} t={t} onChanged={() => void user.refetch()} /> },
                { value: 'devices', label: t('users.tabs.devices'), content: <DevicesTab user={u} t={t} /> },
                { value: 'activity', label: t('users.tabs.activity'), content: <ActivityTab user={u} t={t} /> },
              ]
            : []
        }
      />
      {dialog}
    </>
  );
}
