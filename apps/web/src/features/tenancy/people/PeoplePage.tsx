import { type PeopleType, PEOPLE_TYPES } from '@app/contracts/company';
import { Avatar, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCurrentSession } from '../../../lib/session/use-session';
import { formatDate, formatDateTime, initials } from '../../../ui/format';
import { ListPage } from '../../../ui/list/ListPage';
import type { ListColumn } from '../../../ui/list/list.types';
import { StatusBadge } from '../../../ui/StatusBadge';
import { roleName, useCompanyT } from '../company-i18n';
import { invitationsPath, peoplePath, personPath } from '../company-paths';
import { type AgentRow, type CustomerRow, peopleResource, personName } from '../tenancy.resources';
import { useCan } from '../use-can';
import { useAgentActions } from './agent-actions';
import { useTargetQr } from '../../collection/targets/TargetQrModal';
import { useTargetsT } from '../../collection/targets/targets-i18n';
import { InviteModal } from './InviteModal';

function TypeSwitch({ type }: { type: PeopleType }) {
  const { t } = useCompanyT();
  const { sid } = useCurrentSession();
  const navigate = useNavigate();
  return (
    <SegmentedControl
      value={type}
      onChange={(value) => navigate(peoplePath(sid, value as PeopleType))}
      data={PEOPLE_TYPES.map((value) => ({ value, label: t(`type_${value}`) }))}
      data-testid="people-types"
    />
  );
}

function AgentsList({ type }: { type: 'agents' | 'partners' }) {
  const { t } = useCompanyT();
  const { sid, account } = useCurrentSession();
  const can = useCan();
  const [inviting, setInviting] = useState(false);
  const tq = useTargetsT();
  const qr = useTargetQr();
  // The agent's QR code (customers rate the agent who served them) before the membership actions.
  const actions = [
    { label: tq('qr.action'), hidden: () => !can('agents', 'show'), onClick: (row: AgentRow) => qr.open('agent', row.id, personName(row)) },
    ...useAgentActions(account?.usr.id),
  ];
  const columns: ListColumn<AgentRow>[] = [
    {
      id: 'name',
      header: t('name'),
      primary: true,
      sortKey: 'last_name',
      cell: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Avatar size="sm" radius="xl">
            {initials(personName(row))}
          </Avatar>
          <Text size="sm" fw={500}>
            {personName(row)}
          </Text>
        </Group>
      ),
    },
    { id: 'job', header: t('jobTitle'), sortKey: 'job', cell: (row) => row.job ?? '—' },
    { id: 'contact', header: t('contact'), hideOnCard: true, cell: (row) => row.email ?? row.phone ?? '—' },
    {
      id: 'roles',
      header: t('roles'),
      cell: (row) => (
        <Group gap={4}>
          {(row.roles ?? []).map((role) => (
            <Badge key={role.id} variant="outline" size="sm">
              {roleName(t, role)}
            </Badge>
          ))}
        </Group>
      ),
    },
    { id: 'status', header: t('status'), cell: (row) => <StatusBadge status={row.status} /> },
    { id: 'since', header: t('since'), sortKey: 'created_at', hideOnCard: true, cell: (row) => formatDate(row.created_at) },
  ];
  return (
    <>
      {qr.modal}
      <ListPage<AgentRow>
        title={t('peopleTitle')}
        resource={peopleResource(type)}
        testId="people"
        // The API has no people/{type}/search: no box that could only fail.
        searchable={false}
        actions={
          <Group gap="xs">
            {can('invitations', 'list') ? (
              <Button component={Link} to={invitationsPath(sid)} variant="default">
                {t('invitations')}
              </Button>
            ) : null}
            {can('invitations', 'create') ? (
              <Button onClick={() => setInviting(true)} data-testid="invite-open">
                {t('invite')}
              </Button>
            ) : null}
          </Group>
        }
        description={<TypeSwitch type={type} />}
        defaultSort={{ key: 'last_name', direction: 'asc' }}
        filters={[
          {
            key: 'status',
            label: t('status'),
            options: ['active', 'suspended'].map((value) => ({ value, label: t(`astatus_${value}`) })),
          },
        ]}
        columns={columns}
        rowHref={can('agents', 'show') ? (row) => personPath(sid, type, row.id) : undefined}
        rowLabel={personName}
        rowActions={actions}
      />
      <InviteModal opened={inviting} onClose={() => setInviting(false)} />
    </>
  );
}

function CustomersList() {
  const { t } = useCompanyT();
  const columns: ListColumn<CustomerRow>[] = [
    { id: 'name', header: t('name'), primary: true, sortKey: 'last_name', cell: (row) => personName(row) },
    { id: 'count', header: t('participationsCount'), cell: (row) => row.participations_count },
    { id: 'last', header: t('lastParticipation'), cell: (row) => formatDateTime(row.last_participation_at) },
  ];
  return (
    <ListPage<CustomerRow>
      title={t('peopleTitle')}
      description={<TypeSwitch type="customers" />}
      resource={peopleResource('customers')}
      testId="people"
      searchable={false}
      defaultSort={{ key: 'last_name', direction: 'asc' }}
      columns={columns}
      rowLabel={personName}
    />
  );
}

/** `business/{action}/{type}` and `business/users`: the company's agents, partners or customers. */
export function PeoplePage({ type }: { type: PeopleType }) {
  return <Stack gap="md">{type === 'customers' ? <CustomersList /> : <AgentsList key={type} type={type} />}</Stack>;
}
