import { Button, EmptyState, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconDownload, IconInbox } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { type ExportFormat, exportSurveyParticipations } from '../../surveys/api/participations.api';
import { useParticipationList } from '../../surveys/survey-queries';
import type { Participation, Survey } from '../../surveys/survey.types';
import { useSurveysT } from '../../surveys/surveys-i18n';
import { formatDateTime, formatNumber } from '../../../ui/format';
import { QueryState } from '../../../ui/QueryState';
import { ParticipationStatusBadge } from '../../surveys/ui/SurveyStatusBadge';
import { GeofenceBadge } from '../targets/GeofenceBadge';
import { BulkReviewBar } from '../validations/BulkReviewBar';
import { ParticipationDrawer } from './ParticipationDrawer';
import { ParticipationFiltersBar } from './ParticipationFiltersBar';
import {
  buildParticipationsQuery,
  defaultParticipationFilters,
  exportOptionsOf,
  type ParticipationFilters,
  type ParticipationSortKey,
  pageCount,
  toggleSort,
} from './participations-query';
import { respondentName } from './respondent';
import { participationNumber } from '@app/contracts/participation-views';
import { PageNumbers } from '../../../ui/list/PageNumbers';

interface ParticipationsPanelProps {
  survey: Survey;
  can: (permission: string) => boolean;
}

/** The participations tab: filters, sortable table, pages, exports and the detail drawer. */
export function ParticipationsPanel({ survey, can }: ParticipationsPanelProps) {
  const { t } = useSurveysT();
  const [filters, setFilters] = useState<ParticipationFilters>(() => defaultParticipationFilters(survey.id));
  const [open, setOpen] = useState<Participation | null>(null);
  const query = useMemo(() => buildParticipationsQuery(filters), [filters]);
  const list = useParticipationList(survey.id, query);
  const patch = useCallback((next: Partial<ParticipationFilters>) => setFilters((current) => ({ ...current, ...next })), []);
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const pages = pageCount(meta?.total, filters.limit, filters.page, meta?.has_more ?? false);
  const filtered = filters.statuses.length > 0 || filters.from || filters.to || filters.search.trim() || filters.flagged;

  const exporter = useMutation({
    mutationFn: (format: ExportFormat) => exportSurveyParticipations(survey.id, format, exportOptionsOf(filters)),
    onSuccess: (name) => showToast({ message: t('participations.exported', { name }), tone: 'success' }),
    onError: showError,
  });
  const canExport = can('surveys.export') || can('participations.export');

  const header = (key: ParticipationSortKey, label: string) => {
    const active = filters.sort.key === key;
    return (
      <Table.Th aria-sort={active ? (filters.sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <UnstyledButton onClick={() => patch({ sort: toggleSort(filters.sort, key), page: 0 })} aria-label={t('participations.sortBy', { column: label })}>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" fw={700}>
              {label}
            </Text>
            {active ? filters.sort.direction === 'asc' ? <IconArrowUp size={14} /> : <IconArrowDown size={14} /> : null}
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <Stack data-testid="participations-panel">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed" data-testid="participations-total">
          {meta?.total !== undefined ? t('common.total', { count: meta.total }) : null}
        </Text>
        {/* The review actions reach every participation the filters match, not only this page. */}
        <BulkReviewBar query={query} can={(action) => can(`participations.${action}`)} />
        {canExport ? (
          <Group gap="xs">
            {(['xlsx', 'csv'] as const).map((format) => (
              <Button
                key={format}
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} />}
                loading={exporter.isPending && exporter.variables === format}
                disabled={exporter.isPending}
                onClick={() => exporter.mutate(format)}
                data-testid={`export-${format}`}
              >
                {t(format === 'xlsx' ? 'participations.exportXlsx' : 'participations.exportCsv')}
              </Button>
            ))}
          </Group>
        ) : null}
      </Group>
      <ParticipationFiltersBar filters={filters} onChange={patch} visits={survey.type === 'evaluation' && (survey.target_kind === 'site' || survey.target_kind === 'workspace')} />
      <QueryState isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
        {rows.length === 0 ? (
          <EmptyState
            icon={<IconInbox size={28} />}
            title={t('participations.emptyTitle')}
            description={filtered ? t('participations.emptyFiltered') : t('participations.emptyDescription')}
            data-testid="participations-empty"
          />
        ) : (
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={640}>
              <Table highlightOnHover verticalSpacing="xs" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
                <Table.Thead>
                  <Table.Tr>
                    {header('id', t('participations.columnId'))}
                    <Table.Th>{t('participations.columnRespondent')}</Table.Th>
                    {header('status', t('participations.columnStatus'))}
                    {header('submitted_at', t('participations.columnSubmitted'))}
                    {header('score', t('participations.columnScore'))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((p: Participation) => (
                    <Table.Tr key={p.id} data-testid="participation-row">
                      <Table.Td>
                        <UnstyledButton onClick={() => setOpen(p)} aria-label={t('participations.open', { id: participationNumber(p) })} fw={600} c="blue">
                          {participationNumber(p)}
                        </UnstyledButton>
                        {/* "N°" is the company's number everywhere; the survey's own count is named as such. */}
                        {p.survey_number ? (
                          <Text size="xs" c="dimmed" data-testid="participation-survey-number">
                            {t('participations.surveyNumber', { number: p.survey_number })}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>{respondentName(p) ?? <Text span c="dimmed">{t('participations.anonymous')}</Text>}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <ParticipationStatusBadge status={p.status} />
                          {/* A field visit outside its site's geofence stands out for review. */}
                          {p.geofence_status && p.geofence_status !== 'inside' ? <GeofenceBadge status={p.geofence_status} distance={p.geofence_distance_m} /> : null}
                        </Group>
                      </Table.Td>
                      <Table.Td>{formatDateTime(p.submitted_at)}</Table.Td>
                      <Table.Td>{formatNumber(p.score)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
        {pages > 1 ? (
          <Group justify="center">
            <PageNumbers total={pages} value={filters.page + 1} onChange={(page) => patch({ page: page - 1 })} size="sm" />
          </Group>
        ) : null}
      </QueryState>
      <ParticipationDrawer survey={survey} participationId={open?.id ?? null} number={open ? participationNumber(open) : null} onClose={() => setOpen(null)} can={can} />
    </Stack>
  );
}
