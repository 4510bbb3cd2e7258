import type { AdminDashboard } from '@app/contracts/admin';
import { Anchor, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { formatMoney, formatNumber } from '../../../ui/format';
import { useLabelValue } from '../../../ui/LabelValue';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { adminApi } from '../admin-api';
import { useAdminT } from '../admin-i18n';
import { adminPaths } from '../admin-paths';

/** One figure; a link to the list it counts when that list exists on this installation. */
function Figure({ label, value, to, testId }: { label: string; value: number; to: string | null; testId: string }) {
  const labelValue = useLabelValue();
  const shown = formatNumber(value, 0);
  const number = (
    <Text fz={30} fw={800} data-testid={testId}>
      {shown}
    </Text>
  );
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {to ? (
        <Anchor component={Link} to={to} underline="hover" c="inherit" aria-label={labelValue(label, shown)}>
          {number}
        </Anchor>
      ) : (
        number
      )}
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

interface DashboardPageProps {
  /** The list of users of a type, when the users screens exist (`null`: figure without link). */
  usersHref: (sid: string, type: 'admin' | 'agent' | 'customer') => string | null;
}

/** `/{sid}/mnt`: the platform at a glance, each figure opening its list. */
export function DashboardPage({ usersHref }: DashboardPageProps) {
  const t = useAdminT();
  const { sid } = useCurrentSession();
  const scope = useCacheScope();
  const query = useQuery({ queryKey: ['admin', scope, 'dashboard'], queryFn: adminApi.dashboard, staleTime: 30_000 });
  const d = query.data;
  const companies = (search: string) => `${adminPaths.companies(sid)}${search}`;
  return (
    <Stack gap="lg" data-testid="admin-home">
      <PageHeader title={t('dashboard.title')} />
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
        {d ? (
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 2, md: 4 }}>
              <Figure label={t('dashboard.companies')} value={d.companies.total} to={companies('')} testId="companies-total" />
              <Figure label={t('dashboard.active')} value={d.companies.active} to={companies('?status=active')} testId="companies-active" />
              <Figure label={t('dashboard.suspended')} value={d.companies.suspended} to={companies('?status=suspended')} testId="companies-suspended" />
              <Figure label={t('dashboard.new30')} value={d.companies.new_30d} to={companies('?sort=-created_at')} testId="companies-new" />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 2, md: 4 }}>
              <Figure label={t('dashboard.admins')} value={d.users.admin} to={usersHref(sid, 'admin')} testId="users-admin" />
              <Figure label={t('dashboard.agentsType')} value={d.users.agent} to={usersHref(sid, 'agent')} testId="users-agent" />
              <Figure label={t('dashboard.customers')} value={d.users.customer} to={usersHref(sid, 'customer')} testId="users-customer" />
              <Figure label={t('dashboard.agents')} value={d.agents} to={companies('?sort=-agents')} testId="agents-total" />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              <PerDay rows={d.per_day} />
              <Busiest rows={d.busiest} sid={sid} />
              <Revenue rows={d.revenue_by_month} sid={sid} />
              <Payments rows={d.payments} sid={sid} />
            </SimpleGrid>
          </Stack>
        ) : null}
      </QueryState>
    </Stack>
  );
}

function PerDay({ rows }: { rows: AdminDashboard['per_day'] }) {
  const t = useAdminT();
  const max = Math.max(1, ...rows.map((r) => r.participations));
  const shown = rows.filter((r) => r.participations > 0);
  return (
    <Section title={t('dashboard.perDay')}>
      {shown.length === 0 ? (
        <Text c="dimmed">{t('dashboard.none')}</Text>
      ) : (
        <Stack gap={6} data-testid="per-day">
          {shown.map((r) => (
            <Group key={r.day} gap="xs" wrap="nowrap">
              <Text size="xs" w={84}>
                {r.day}
              </Text>
              <Progress.Root style={{ flex: 1 }} size="lg" role="group" aria-label={`${r.day}: ${r.participations} ${t('dashboard.participations')}, ${r.evaluations} ${t('dashboard.evaluations')}`}>
                <Progress.Section value={(r.evaluations / max) * 100} color="grape" aria-label={`${r.day}: ${r.evaluations} ${t('dashboard.evaluations')}`} />
                <Progress.Section value={((r.participations - r.evaluations) / max) * 100} color="blue" aria-label={`${r.day}: ${r.participations} ${t('dashboard.participations')}`} />
              </Progress.Root>
              <Text size="xs" w={64} ta="right">
                {r.participations} / {r.evaluations}
              </Text>
            </Group>
          ))}
          <Text size="xs" c="dimmed">
            {t('dashboard.participations')} / {t('dashboard.evaluations')}
          </Text>
        </Stack>
      )}
    </Section>
  );
}

function Busiest({ rows, sid }: { rows: AdminDashboard['busiest']; sid: string }) {
  const t = useAdminT();
  return (
    <Section title={t('dashboard.busiest')}>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('dashboard.none')}</Text>
      ) : (
        <Table data-testid="busiest">
          <Table.Tbody>
            {rows.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Anchor component={Link} to={adminPaths.company(sid, c.id)}>
                    {c.name}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{c.participations}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

function Revenue({ rows, sid }: { rows: AdminDashboard['revenue_by_month']; sid: string }) {
  const t = useAdminT();
  return (
    <Section title={t('dashboard.revenue')}>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('dashboard.none')}</Text>
      ) : (
        <Table data-testid="revenue">
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={`${r.month}-${r.currency}`}>
                <Table.Td>
                  <Anchor component={Link} to={`/${sid}/mnt/finances/view/invoices`}>
                    {r.month}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{formatMoney(r.amount, r.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

function Payments({ rows, sid }: { rows: AdminDashboard['payments']; sid: string }) {
  const t = useAdminT();
  return (
    <Section title={t('dashboard.payments')}>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('dashboard.none')}</Text>
      ) : (
        <Table data-testid="payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('dashboard.operator')}</Table.Th>
              <Table.Th>{t('dashboard.status')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.count')}</Table.Th>
              <Table.Th ta="right">{t('dashboard.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={`${p.provider}-${p.status}`}>
                <Table.Td>
                  <Anchor component={Link} to={`/${sid}/mnt/finances/view/transactions`}>
                    {p.provider === 'mtn_momo' ? 'MTN MoMo' : 'Orange Money'}
                  </Anchor>
                </Table.Td>
                <Table.Td>{p.status}</Table.Td>
                <Table.Td ta="right">{p.count}</Table.Td>
                <Table.Td ta="right">{formatMoney(p.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}
