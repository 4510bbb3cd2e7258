import { SURVEY_TARGET_KINDS, type SurveyTargetKind } from '@app/contracts/targets';
import { Anchor, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { formatDate } from '../../../ui/format';
import { Pager } from '../../../ui/list/Pager';
import { QueryState } from '../../../ui/QueryState';
import { CompanyDefaultsCard } from '../../platform/admin-catalogue/CompanyDefaultsCard';
import { adminApi } from '../admin-api';
import { useAdminT } from '../admin-i18n';
import { adminPaths } from '../admin-paths';
import { useFilterParams } from '../use-filter-params';
import { PERSON_TYPES } from './company-person-types';

/**
 * One of the company's lists (agents, sites, surveys…; a site's, or the default questions
 * of a target kind): search and pages in the address, each row opening its page.
 */
export function CompanyChildList({ companyId, child, site, type }: { companyId: number; child: string; site?: number; type?: string }) {
  const t = useAdminT();
  const { sid } = useCurrentSession();
  const scope = useCacheScope();
  const navigate = useNavigate();
  const { page, values, filter, set, goTo } = useFilterParams(['q'] as const);
  const [text, setText] = useState(values.q);
  const [debounced] = useDebouncedValue(text, 350);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new settled text searches.
  useEffect(() => {
    if (debounced.trim() !== values.q.trim()) set('q', debounced.trim() || null);
  }, [debounced]);
  const path = type ? `questions/${type}` : child;
  const query = useQuery({
    queryKey: ['admin', scope, 'company', companyId, path, site, filter, page],
    queryFn: ({ signal }) => adminApi.child(companyId, path, { ...filter, site_id: site, page, limit: 20 }, signal),
    placeholderData: keepPreviousData,
  });
  // A person (agent, partner, customer; a site's too) opens their full page under mnt/users.
  const personType = type ? undefined : PERSON_TYPES[child];
  const rowHref = (row: { id: number; user_id?: unknown }) =>
    type
      ? `${adminPaths.companyQuestions(sid, companyId, type)}/${row.id}`
      : personType && typeof row.user_id === 'number'
        ? adminPaths.user(sid, personType, row.user_id)
        : adminPaths.companyChildRow(sid, companyId, child, row.id);
  const rows = query.data?.data ?? [];
  return (
    <Stack gap="sm">
      {child === 'questions' ? (
        <Group gap="xs">
          {SURVEY_TARGET_KINDS.map((kind) => (
            <Anchor key={kind} component={Link} to={adminPaths.companyQuestions(sid, companyId, kind)} fw={kind === type ? 700 : 400}>
              {t(`company.targetKinds.${kind}`)}
            </Anchor>
          ))}
        </Group>
      ) : null}
      {child === 'questions' && type && (SURVEY_TARGET_KINDS as readonly string[]).includes(type) ? <CompanyDefaultsCard companyId={companyId} kind={type as SurveyTargetKind} /> : null}
      {site ? (
        <Anchor component={Link} to={adminPaths.companyChildRow(sid, companyId, 'sites', site)}>
          {t('company.tabs.sites')} #{site}
        </Anchor>
      ) : null}
      <TextInput type="search" label={t('audit.search')} value={text} onChange={(e) => setText(e.currentTarget.value)} maw={360} data-testid="child-search" />
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
        {rows.length === 0 ? (
          <Text c="dimmed" data-testid="child-empty" data-child={path}>
            {t('company.empty')}
          </Text>
        ) : (
          <Table striped highlightOnHover data-testid="child-table" data-child={path}>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid="child-row" style={{ cursor: 'pointer' }} onClick={(e) => (e.target as Element).closest('a') || navigate(rowHref(row))}>
                  <Table.Td>
                    <Anchor component={Link} to={rowHref(row)} fw={600}>
                      {row.name || `#${row.id}`}
                    </Anchor>
                    {row.detail ? (
                      <Text size="xs" c="dimmed">
                        {row.detail}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{row.status}</Table.Td>
                  <Table.Td>{formatDate(row.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Pager page={page} meta={query.data?.meta} onPage={goTo} />
      </QueryState>
    </Stack>
  );
}
