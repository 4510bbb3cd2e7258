import type { AdminCompanyDetail } from '@app/contracts/admin';
import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentSession } from '../../../lib/session/use-session';
import { formatDate } from '../../../ui/format';
import { useAdminT } from '../admin-i18n';
import { adminPaths } from '../admin-paths';
import { CompanyStatusBadge } from './CompaniesPage';
import { EditProfileAction, PackageAction, TransferAction } from './CompanyActions';

/** The company page's first tab: its counts (each opening its list), its profile, package and owner actions. */
export function CompanyOverview({ company: c }: { company: AdminCompanyDetail }) {
  const t = useAdminT();
  const { sid } = useCurrentSession();
  const counts = [
    ['agents', c.agents],
    ['sites', c.sites],
    ['workspaces', c.workspaces],
    ['surveys', c.surveys],
    ['templates', c.templates],
    ['invoices', c.invoices],
    ['transactions', c.transactions],
  ] as const;
  return (
    <Stack gap="md" data-testid="company-overview">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {counts.map(([key, value]) => (
          <Card key={key} withBorder padding="sm">
            <Anchor component={Link} to={adminPaths.companyChild(sid, c.id, key)} c="inherit" underline="hover">
              <Text size="sm" c="dimmed">
                {t(`company.tabs.${key}`)}
              </Text>
              <Text fz={24} fw={700}>
                {value}
              </Text>
            </Anchor>
          </Card>
        ))}
        <Card withBorder padding="sm">
          <Text size="sm" c="dimmed">
            {t('companies.participations')}
          </Text>
          <Text fz={24} fw={700}>
            {c.participations}
          </Text>
        </Card>
      </SimpleGrid>
      <Card withBorder padding="sm">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h5">
            {t('company.profile')}
          </Title>
          <EditProfileAction key={`${c.name}|${c.email}|${c.phone}|${c.address}`} company={c} />
        </Group>
        <Table>
          <Table.Tbody>
            {[
              [t('companies.code'), c.code],
              [t('companies.status'), <CompanyStatusBadge key="s" status={c.status} />],
              [t('companies.sector'), c.sector ?? '—'],
              [t('companies.town'), c.town ?? '—'],
              [t('companies.package'), c.package ?? '—'],
              [t('company.email'), c.email ?? '—'],
              [t('company.phone'), c.phone ?? '—'],
              [t('company.address'), c.address ?? '—'],
              [t('company.owner'), c.owner ? <Anchor key="o" component={Link} to={adminPaths.companyChildRow(sid, c.id, 'agents', c.owner.agent_id)}>{`${c.owner.name} · ${c.owner.email ?? ''}`}</Anchor> : t('company.noOwner')],
              [t('companies.created'), formatDate(c.created_at)],
            ].map(([label, value]) => (
              <Table.Tr key={String(label)}>
                <Table.Th w={180}>{label}</Table.Th>
                <Table.Td data-testid={`company-field-${String(label)}`}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PackageAction company={c} />
        <TransferAction company={c} />
      </SimpleGrid>
      <Anchor component={Link} to={`${adminPaths.audit(sid)}?company_id=${c.id}`} data-testid="company-audit-link">
        {t('company.audit')}
      </Anchor>
    </Stack>
  );
}
