import type { AdminCompanyDetail } from '@app/contracts/admin';
import { Card, Group, Table, Text, Title } from '@mantine/core';
import { useAdminT } from '../admin-i18n';
import { FeatureWithdrawAction } from './CompanyActions';

/** The company's features: what its package gives, and what was granted to it alone (withdrawable). */
export function CompanyFeaturesCard({ company }: { company: AdminCompanyDetail }) {
  const t = useAdminT();
  return (
    <Card withBorder padding="sm">
      <Title order={2} size="h5" mb="xs">
        {t('company.features')} ({company.package ?? '—'})
      </Title>
      <Table data-testid="company-features">
        <Table.Tbody>
          {company.features.map((f) => (
            <Table.Tr key={f.slug} data-feature={f.slug}>
              <Table.Td>{f.name}</Table.Td>
              <Table.Td ta="right">{f.granted ? (f.limit === null ? t('company.unlimited') : f.limit) : t('company.notGranted')}</Table.Td>
              <Table.Td ta="right" data-testid="feature-company-grant">
                {f.company_grant ? (
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Text size="sm">{t('company.grantedAlone', { limit: f.company_limit === null ? t('company.unlimited') : String(f.company_limit) })}</Text>
                    <FeatureWithdrawAction company={company} feature={f} />
                  </Group>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
