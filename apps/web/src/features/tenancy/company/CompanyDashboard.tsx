import type { CompanyOverview } from '@app/contracts/company';
import { canDo } from '@app/contracts/permissions';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue } from 'react';
import { deferrable } from '../../../lib/reduced-data';
import { Link } from 'react-router';
import { isAdmin } from '../../../lib/session/account-model';
import type { StoredAccount } from '../../../lib/session/account.types';
import { formatDateTime, formatNumber } from '../../../ui/format';
import { surveysPath } from '../../surveys/survey-paths';
import { useCompanyT } from '../company-i18n';
import { approvalsPath, companyPath, invitationsPath, peoplePath, rolesPath } from '../company-paths';
import { fetchOverview } from './company.api';
import { useParticipationStatusLabel } from '../../../ui/participation-status';
import { LabelValue } from '../../../ui/LabelValue';

function Figure({ label, value, to, testId }: { label: string; value: number; to?: string; testId: string }) {
  const body = (
    <Card withBorder padding="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {formatNumber(value, 0)}
      </Text>
    </Card>
  );
  return to ? (
    <Anchor component={Link} to={to} underline="never" c="inherit">
      {body}
    </Anchor>
  ) : (
    body
  );
}

function Figures({ sid, data }: { sid: string; data: CompanyOverview }) {
  const { t } = useCompanyT();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
      {data.surveys ? <Figure label={t('surveys')} value={data.surveys.total} to={surveysPath(sid)} testId="figure-surveys" /> : null}
      {data.participations ? <Figure label={t('participationsWeek')} value={data.participations.this_week} testId="figure-week" /> : null}
      {data.participations ? <Figure label={t('toReview')} value={data.participations.to_review} testId="figure-review" /> : null}
      {data.agents ? <Figure label={t('agentsCount')} value={data.agents.active} to={peoplePath(sid)} testId="figure-agents" /> : null}
      {data.approvals ? <Figure label={t('pendingApprovals')} value={data.approvals.pending} to={approvalsPath(sid)} testId="figure-approvals" /> : null}
      {data.invitations ? (
        <Figure label={t('pendingInvitationsCount')} value={data.invitations.pending} to={invitationsPath(sid)} testId="figure-invitations" />
      ) : null}
    </SimpleGrid>
  );
}

function SurveyStatuses({ data }: { data: CompanyOverview }) {
  const { t } = useCompanyT();
  const entries = Object.entries(data.surveys?.by_status ?? {});
  if (entries.length === 0) return null;
  return (
    <Group gap="xs">
      {entries.map(([status, count]) => (
        <Badge key={status} variant="light">
          <LabelValue label={t(`status_${status}`, { defaultValue: status })}>{formatNumber(count, 0)}</LabelValue>
        </Badge>
      ))}
    </Group>
  );
}

function LatestParticipations({ data }: { data: CompanyOverview }) {
  const { t } = useCompanyT();
  const statusLabel = useParticipationStatusLabel();
  const rows = data.participations?.latest ?? [];
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="xs">
        {t('latestParticipations')}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('noParticipation')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs" data-testid="latest-participations">
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.survey_title}</Table.Td>
                  <Table.Td>{p.respondent ?? t('anonymous')}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" size="sm">
                      {statusLabel(p.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td c="dimmed">{formatDateTime(p.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

function Shortcuts({ account }: { account: StoredAccount }) {
  const { t } = useCompanyT();
  const sid = account.sid;
  const can = (object: string, action: string) => isAdmin(account) || canDo(account.permissions, object, action);
  const links = [
    can('surveys', 'list') && { to: surveysPath(sid), label: t('surveys') },
    can('agents', 'list') && { to: peoplePath(sid), label: t('peopleTitle') },
    can('invitations', 'list') && { to: invitationsPath(sid), label: t('invitations') },
    can('approvals', 'list') && { to: approvalsPath(sid), label: t('approvalsTitle') },
    can('roles', 'list') && { to: rolesPath(sid), label: t('rolesTitle') },
    can('companies', 'show') && { to: companyPath(sid), label: t('settingsTitle') },
  ].filter(Boolean) as Array<{ to: string; label: string }>;
  if (links.length === 0) return null;
  return (
    <Group gap="xs" data-testid="dashboard-shortcuts">
      {links.map((link) => (
        <Button key={link.to} component={Link} to={link.to} variant="light" size="xs">
          {link.label}
        </Button>
      ))}
    </Group>
  );
}

/**
 * The company's dashboard (business home and `{action}/overview`), each part by permission.
 * `below` (the business home's pinned card) shows only once the figures are in: shown
 * earlier, it would be pushed down the page when they arrive (a layout shift).
 */
export function CompanyDashboard({ account, below }: { account: StoredAccount; below?: ReactNode }) {
  const { t } = useCompanyT();
  const query = useQuery({ queryKey: ['overview', account.sid, account.agents[0]?.id], queryFn: ({ signal }) => fetchOverview(signal), ...deferrable({ staleTime: 15_000 }) });
  // The figures draw in a transition (in slices a slow phone can interleave), not in the
  // query's urgent update: one long task less (issue 23).
  const overview = useDeferredValue(query.data);
  const waiting = query.isPending || (query.data !== undefined && overview === undefined);
  return (
    <Stack gap="md" data-testid="company-dashboard">
      <Shortcuts account={account} />
      {waiting ? <Loader size="sm" aria-label={t('loading')} /> : null}
      {query.isError ? (
        query.error && 'status' in query.error && query.error.status === 403 ? (
          <Text c="dimmed">{t('nothingToShow')}</Text>
        ) : (
          <Alert color="red" title={t('loadError')} role="alert">
            <Group justify="space-between">
              <Text size="sm">{query.error.message}</Text>
              <Button size="xs" variant="default" onClick={() => query.refetch()}>
                {t('retry')}
              </Button>
            </Group>
          </Alert>
        )
      ) : null}
      {overview ? (
        <>
          <Figures sid={account.sid} data={overview} />
          <SurveyStatuses data={overview} />
          {overview.participations ? <LatestParticipations data={overview} /> : null}
        </>
      ) : null}
      {waiting ? null : below}
    </Stack>
  );
}
