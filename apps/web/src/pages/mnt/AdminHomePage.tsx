import { Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title.hook';
import { useAccount } from '../../lib/session/use-session';

interface CompanyRow {
  id: number;
  name: string;
  code: string;
  status: string;
}

/** A count (with_total) and the first rows of a list, for the admin home. */
function useListPreview<T>(resource: 'companies' | 'users', sid: string) {
  return useQuery({
    queryKey: [resource, 'preview', sid],
    queryFn: () => api.list<T>(resource, { limit: 5, with_total: true }),
    staleTime: 60_000,
  });
}

function CountCard({ label, total, loading, testId }: { label: string; total?: number; loading: boolean; testId: string }) {
  return (
    <Card withBorder padding="lg">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {loading ? (
        <Loader size="sm" mt="xs" />
      ) : (
        <Text fz={36} fw={800} data-testid={testId}>
          {total ?? '—'}
        </Text>
      )}
    </Card>
  );
}

/** /{sid}/mnt: the platform admin's home, with counts read from the API. */
export function AdminHomePage() {
  const { t } = useTranslation('session');
  const account = useAccount();
  useDocumentTitle(t('adminTitle'));
  const sid = account?.sid ?? '';
  const companies = useListPreview<CompanyRow>('companies', sid);
  const users = useListPreview<unknown>('users', sid);
  return (
    <Stack gap="lg" data-testid="admin-home">
      <Title order={1} size="h2">
        {t('adminTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CountCard label={t('companiesCount')} total={companies.data?.meta?.total} loading={companies.isPending} testId="companies-total" />
        <CountCard label={t('usersCount')} total={users.data?.meta?.total} loading={users.isPending} testId="users-total" />
      </SimpleGrid>
      {companies.isError || users.isError ? (
        <Text c="red" role="alert">
          {(companies.error ?? users.error)?.message}
        </Text>
      ) : null}
      <Card withBorder padding="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            {t('companies')}
          </Title>
        </Group>
        {companies.data?.data.length ? (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('companyName')}</Table.Th>
                <Table.Th>{t('companyCode')}</Table.Th>
                <Table.Th>{t('status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {companies.data.data.map((company) => (
                <Table.Tr key={company.id}>
                  <Table.Td>{company.name}</Table.Td>
                  <Table.Td>{company.code}</Table.Td>
                  <Table.Td>{t(`companyStatus_${company.status}`, { defaultValue: company.status })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text c="dimmed">{companies.isPending ? t('loading') : t('noCompanies')}</Text>
        )}
      </Card>
    </Stack>
  );
}
