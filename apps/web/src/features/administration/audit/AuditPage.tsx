import type { AuditEntryView } from '@app/contracts/admin';
import { Anchor, Button, Card, Code, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { formatDateTime } from '../../../ui/format';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { adminApi } from '../admin-api';
import { useAdminT } from '../admin-i18n';
import { adminPaths } from '../admin-paths';
import { Pager } from '../../../ui/list/Pager';
import { useFilterParams } from '../use-filter-params';

const KEYS = ['q', 'action', 'company_id', 'from', 'to'] as const;

function Change({ value }: { value: Record<string, unknown> | null }) {
  if (!value) return <Text c="dimmed">—</Text>;
  return (
    <Code block style={{ whiteSpace: 'pre-wrap', maxWidth: 320 }}>
      {Object.entries(value)
        .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
        .join('\n')}
    </Code>
  );
}

/**
 * The audit trail: `mnt/audit` (platform, every company) or the business page of the
 * active company (`scope="company"`), filtered in the address, exported as xlsx.
 */
export function AuditPage({ scope: view }: { scope: 'platform' | 'company' }) {
  const t = useAdminT();
  const { sid } = useCurrentSession();
  const scope = useCacheScope();
  const keys = view === 'platform' ? KEYS : KEYS.filter((k) => k !== 'company_id');
  const { page, values, filter, set, goTo, clear } = useFilterParams(keys);
  const [text, setText] = useState(values.q);
  const [debounced] = useDebouncedValue(text, 350);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new settled text searches.
  useEffect(() => {
    if (debounced.trim() !== values.q.trim()) set('q', debounced.trim() || null);
  }, [debounced]);
  const query = useQuery({
    queryKey: ['admin', scope, 'audit', view, filter, page],
    queryFn: ({ signal }) => adminApi.audit(view, { ...filter, page, limit: 20 }, signal),
    placeholderData: keepPreviousData,
  });
  const [exporting, setExporting] = useState(false);
  const exportXlsx = async () => {
    setExporting(true);
    try {
      const name = await adminApi.exportAudit(view, filter);
      showToast({ message: t('companies.exported', { name }), tone: 'success' });
    } catch (error) {
      showError(error);
    } finally {
      setExporting(false);
    }
  };
  const rows: AuditEntryView[] = query.data?.data ?? [];
  return (
    <Stack gap="md">
      <PageHeader
        title={view === 'platform' ? t('audit.title') : t('audit.companyTitle')}
        description={t('audit.description')}
        actions={
          <Button onClick={exportXlsx} loading={exporting} data-testid="audit-export">
            {t('companies.export')}
          </Button>
        }
      />
      <Card withBorder padding="sm">
        <Group gap="sm" align="flex-end" wrap="wrap" data-testid="audit-filters">
          <TextInput style={{ flex: '2 1 12rem' }} type="search" label={t('audit.search')} value={text} onChange={(e) => setText(e.currentTarget.value)} />
          <TextInput style={{ flex: '1 1 10rem' }} label={t('audit.action')} value={values.action} onChange={(e) => set('action', e.currentTarget.value)} data-testid="audit-action" />
          {view === 'platform' ? (
            <TextInput style={{ flex: '1 1 8rem' }} label={t('audit.company')} inputMode="numeric" value={values.company_id ?? ''} onChange={(e) => set('company_id', e.currentTarget.value.replace(/\D/g, ''))} data-testid="audit-company" />
          ) : null}
          <TextInput style={{ flex: '1 1 9rem' }} type="date" label={t('audit.from')} value={values.from} onChange={(e) => set('from', e.currentTarget.value)} />
          <TextInput style={{ flex: '1 1 9rem' }} type="date" label={t('audit.to')} value={values.to} onChange={(e) => set('to', e.currentTarget.value)} />
          <Button
            variant="subtle"
            disabled={Object.keys(filter).length === 0}
            onClick={() => {
              setText('');
              clear();
            }}
          >
            {t('audit.clear')}
          </Button>
        </Group>
      </Card>
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
        {rows.length === 0 ? (
          <Text c="dimmed" data-testid="audit-empty">
            {t('audit.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={860}>
            <Table striped data-testid="audit-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('audit.when')}</Table.Th>
                  <Table.Th>{t('audit.who')}</Table.Th>
                  <Table.Th>{t('audit.what')}</Table.Th>
                  <Table.Th>{t('audit.object')}</Table.Th>
                  <Table.Th>{t('audit.before')}</Table.Th>
                  <Table.Th>{t('audit.after')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((entry) => (
                  <Table.Tr key={entry.id} data-testid="audit-row" data-action={entry.action}>
                    <Table.Td>{formatDateTime(entry.occurred_at)}</Table.Td>
                    <Table.Td>
                      {entry.actor_label ?? '—'}
                      {/* Only the platform's trail carries an address; a company's has none to show. */}
                      {entry.ip ? (
                        <Text size="xs" c="dimmed">
                          {entry.ip}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Code>{entry.action}</Code>
                    </Table.Td>
                    <Table.Td>
                      {entry.object_type} {entry.object_id ? `#${entry.object_id}` : ''}
                      {entry.company_id && view === 'platform' ? (
                        <Anchor component={Link} to={adminPaths.company(sid, entry.company_id)} size="xs" display="block">
                          {entry.company_name ?? `#${entry.company_id}`}
                        </Anchor>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Change value={entry.before} />
                    </Table.Td>
                    <Table.Td>
                      <Change value={entry.after} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager page={page} meta={query.data?.meta} onPage={goTo} />
      </QueryState>
    </Stack>
  );
}
