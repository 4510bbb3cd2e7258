import { Anchor, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { formatDateTime } from '../../../ui/format';
import { QueryState } from '../../../ui/QueryState';
import { adminApi } from '../admin-api';
import { useAdminT } from '../admin-i18n';
import { adminPaths } from '../admin-paths';
import { PERSON_TYPES } from './company-person-types';

/** Lists that can be narrowed to one site (`sites/{site}/{list}`). */
const SITE_LISTS = ['agents', 'partners', 'surveys', 'workspaces'] as const;

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
  return String(value);
}

/**
 * One row of one of the company's lists, every field shown; a person goes to their full
 * page under mnt/users, a site offers its own lists.
 */
export function CompanyChildRow({ companyId, child, type, row }: { companyId: number; child: string; type?: string; row: number }) {
  const t = useAdminT();
  const { sid } = useCurrentSession();
  const scope = useCacheScope();
  const path = type ? `questions/${type}` : child;
  const query = useQuery({ queryKey: ['admin', scope, 'company', companyId, path, 'row', row], queryFn: () => adminApi.childRow(companyId, path, row) });
  const record = query.data;
  const personType = type ? undefined : PERSON_TYPES[child];
  if (personType && typeof record?.user_id === 'number') return <Navigate replace to={adminPaths.user(sid, personType, record.user_id)} />;
  return (
    <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
      {record ? (
        <Stack gap="sm" data-testid="child-detail">
          <Anchor component={Link} to={type ? adminPaths.companyQuestions(sid, companyId, type) : adminPaths.companyChild(sid, companyId, child)}>
            {t('company.backToList')}
          </Anchor>
          <Title order={2} size="h4">
            {show(record.name)}
          </Title>
          {child === 'sites' ? (
            <Group gap="xs" data-testid="site-lists">
              <Text size="sm">{t('company.siteLists')} :</Text>
              {SITE_LISTS.map((list) => (
                <Anchor key={list} component={Link} to={adminPaths.siteChild(sid, companyId, row, list)}>
                  {t(`company.tabs.${list}`)}
                </Anchor>
              ))}
            </Group>
          ) : null}
          <Card withBorder padding="sm">
            <Table>
              <Table.Tbody>
                {Object.entries(record)
                  .filter(([key]) => key !== 'name')
                  .map(([key, value]) => (
                    <Table.Tr key={key}>
                      <Table.Th w={200}>{key}</Table.Th>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{show(value)}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          </Card>
        </Stack>
      ) : null}
    </QueryState>
  );
}
