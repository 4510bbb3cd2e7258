import type { PeopleType } from '@app/contracts/company';
import { Badge, Button, Card, CloseButton, Group, Select, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { useResource, useResourceList, useResourceMutation } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { useConfirm } from '../../../ui/ConfirmDialog';
import { DetailPage } from '../../../ui/detail/DetailPage';
import { formatDate, formatDateTime } from '../../../ui/format';
import { StatusBadge } from '../../../ui/StatusBadge';
import { roleName, useCompanyT } from '../company-i18n';
import { peoplePath } from '../company-paths';
import { type AgentRow, agentsResource, PEOPLE_LISTS, personName, type RoleRow, type RoleSummary, rolesResource } from '../tenancy.resources';
import { useCan } from '../use-can';
import { useAgentActions } from './agent-actions';
import { useParticipationStatusLabel } from '../../../ui/participation-status';

interface AgentHistory {
  groups: Array<{ id: number; name: string }>;
  events: Array<{ kind: string; at: string }>;
  participations: Array<{ id: number; survey_title: string; status: string; created_at: string }>;
}

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </div>
  );
}

function RolesCard({ agent, self }: { agent: AgentRow; self: boolean }) {
  const { t } = useCompanyT();
  const can = useCan();
  const [confirm, dialog] = useConfirm();
  const [chosen, setChosen] = useState<string | null>(null);
  const held = useQuery({
    queryKey: ['resource', 'agent-roles', agent.id],
    queryFn: () => api.get<{ roles: RoleSummary[] }>(`agents/${agent.id}/getpermissions`),
  });
  const canAssign = can('agents', 'assignrole') && can('roles', 'list');
  const available = useResourceList(rolesResource, { filter_groups: [{ or: false, filters: [{ key: 'state', operator: 'eq', value: 'active', not: false }] }], limit: 200 }, { enabled: canAssign });
  const change = useResourceMutation(
    agentsResource,
    ({ action, roleId }: { action: 'assignrole' | 'removerole'; roleId: number }) => api.post(`agents/${agent.id}/${action}`, { role_id: roleId }),
    { invalidates: PEOPLE_LISTS },
  );
  const run = async (action: 'assignrole' | 'removerole', role: { id: number; label: string }) => {
    if (action === 'removerole') {
      const answer = await confirm({ message: t('removeRoleConfirm', { role: role.label, name: personName(agent) }), confirmLabel: t('removeRole') });
      if (!answer.confirmed) return;
    }
    try {
      await change.mutateAsync({ action, roleId: role.id });
      await held.refetch();
      setChosen(null);
      showToast({ message: t(action === 'assignrole' ? 'roleAssigned' : 'roleRemoved'), tone: 'success' });
    } catch (error) {
      showError(error);
    }
  };
  const roles = held.data?.roles ?? [];
  const options = (available.data?.data ?? [])
    .filter((role: RoleRow) => !roles.some((r) => r.id === role.id) && (role.company_id !== null || role.slug === 'partner'))
    .map((role: RoleRow) => ({ value: String(role.id), label: roleName(t, role) }));
  return (
    <Card withBorder padding="md" data-testid="agent-roles">
      <Title order={2} size="h4" mb="xs">
        {t('roles')}
      </Title>
      <Group gap="xs" mb="sm">
        {roles.length === 0 ? <Text size="sm" c="dimmed">{t('none')}</Text> : null}
        {roles.map((role) => (
          <Badge
            key={role.id}
            variant="light"
            size="lg"
            rightSection={
              can('agents', 'removerole') && !self ? (
                <CloseButton size="xs" aria-label={`${t('removeRole')} ${roleName(t, role)}`} onClick={() => void run('removerole', { id: role.id, label: roleName(t, role) })} />
              ) : null
            }
          >
            {roleName(t, role)}
          </Badge>
        ))}
      </Group>
      {canAssign && !self ? (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Select
            label={t('assignRole')}
            placeholder={t('chooseRole')}
            data={options}
            value={chosen}
            onChange={setChosen}
            style={{ flex: 1 }}
            data-testid="assign-role-select"
          />
          <Button
            disabled={!chosen}
            loading={change.isPending}
            onClick={() => {
              const role = options.find((o) => o.value === chosen);
              if (role) void run('assignrole', { id: Number(role.value), label: role.label });
            }}
            data-testid="assign-role-submit"
          >
            {t('assignRole')}
          </Button>
        </Group>
      ) : null}
      {dialog}
    </Card>
  );
}

function HistoryCard({ agentId }: { agentId: number }) {
  const { t } = useCompanyT();
  const statusLabel = useParticipationStatusLabel();
  const history = useQuery({ queryKey: ['resource', 'agent-history', agentId], queryFn: () => api.get<AgentHistory>(`agents/${agentId}/history`) });
  const data = history.data;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="xs">
          {t('groups')}
        </Title>
        {data && data.groups.length === 0 ? <Text size="sm" c="dimmed">{t('noGroup')}</Text> : null}
        <Group gap="xs">
          {data?.groups.map((g) => (
            <Badge key={g.id} variant="outline">
              {g.name}
            </Badge>
          ))}
        </Group>
        <Title order={2} size="h4" mt="md" mb="xs">
          {t('history')}
        </Title>
        <Timeline bulletSize={12} lineWidth={2}>
          {data?.events.map((event) => (
            <Timeline.Item key={`${event.kind}-${event.at}`} title={t(`event_${event.kind}`, { defaultValue: t('event_status_changed') })}>
              <Text size="xs" c="dimmed">
                {formatDateTime(event.at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Card>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="xs">
          {t('recentParticipations')}
        </Title>
        {data && data.participations.length === 0 ? <Text size="sm" c="dimmed">{t('noParticipation')}</Text> : null}
        <Table.ScrollContainer minWidth={300}>
          <Table>
            <Table.Tbody>
              {data?.participations.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.survey_title}</Table.Td>
                  <Table.Td>{statusLabel(p.status)}</Table.Td>
                  <Table.Td c="dimmed">{formatDate(p.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </SimpleGrid>
  );
}

/** `business/{action}/{type}/{user}`: an agent's identity, job, groups, roles, status and history. */
export function AgentPage({ type, id }: { type: PeopleType; id: number }) {
  const { t } = useCompanyT();
  const { sid, account } = useCurrentSession();
  const navigate = useNavigate();
  const agent = useResource(agentsResource, id, { includes: ['user'] });
  const [confirm, dialog] = useConfirm();
  const actions = useAgentActions(account?.usr.id, () => navigate(peoplePath(sid, type)));
  const row = agent.data;
  const self = row?.user_id === account?.usr.id;
  const buttons = row
    ? actions
        .filter((action) => !action.hidden?.(row))
        .map((action) => (
          <Button
            key={action.label}
            color={action.color}
            variant="light"
            onClick={async () => {
              const options = typeof action.confirm === 'function' ? action.confirm(row) : action.confirm;
              if (options && !(await confirm(options)).confirmed) return;
              try {
                await action.onClick(row);
              } catch (error) {
                showError(error);
              }
            }}
            data-testid={`agent-action-${action.label}`}
          >
            {action.label}
          </Button>
        ))
    : null;
  return (
    <>
      <DetailPage
        title={row ? personName(row) : t('agentTitle')}
        breadcrumbs={[{ label: t(`type_${type}`), to: peoplePath(sid, type) }, { label: row ? personName(row) : '…' }]}
        actions={<Group gap="xs">{buttons}</Group>}
        query={agent}
      >
        {row ? (
          <Stack gap="md" data-testid="agent-page">
            <Card withBorder padding="md">
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4">
                  {t('identity')}
                </Title>
                <StatusBadge status={row.status} />
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
                <Field label={t('name')} value={personName(row)} />
                <Field label={t('jobTitle')} value={row.job} />
                <Field label={t('email')} value={row.email ?? row.user?.email} />
                <Field label={t('phone')} value={row.phone ?? row.user?.phone} />
                <Field label={t('since')} value={formatDate(row.created_at)} />
              </SimpleGrid>
            </Card>
            <RolesCard agent={row} self={self} />
            <HistoryCard agentId={row.id} />
          </Stack>
        ) : null}
      </DetailPage>
      {dialog}
    </>
  );
}
