import { SURVEY_STATUSES, SURVEY_TYPES } from '@app/contracts/surveys';
import { Anchor, Badge, Button, Card, EmptyState, Group, Paper, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconClipboardList, IconPinFilled, IconPlus, IconSearch, IconTemplate } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title.hook';
import { useCan } from '../survey-abilities';
import { surveyPath, surveysPath, templatesPath } from '../survey-paths';
import { useSurveyList } from '../survey-queries';
import type { Survey } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';
import { formatDateTime } from '../../../ui/format';
import { QueryState } from '../../../ui/QueryState';
import { SurveyStatusBadge } from '../ui/SurveyStatusBadge';
import { CreateSurveyModal } from './CreateSurveyModal';
import { SurveyPinToggle } from './SurveyPinToggle';
import { buildSurveyListQuery, readSurveyListFilters, writeSurveyListSearch } from './survey-list-query';
import { pageCount } from '../../collection/participations/participations-query';
import { PageNumbers } from '../../../ui/list/PageNumbers';

interface SurveyListProps {
  sid: string;
  action: string;
  typeSegment: string | undefined;
}

function StateBadges({ survey }: { survey: Survey }) {
  const { t } = useSurveysT();
  return (
    <Group gap={4}>
      <Badge size="sm" variant="dot" color={survey.active ? 'teal' : 'red'}>
        {survey.active ? t('common.active') : t('common.inactive')}
      </Badge>
      {survey.availability !== 'available' ? (
        <Badge size="sm" variant="dot" color="orange">
          {t('common.unavailable')}
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * The company's surveys: type tabs (the `{type}` segment), search and status in the
 * query string, pages, a table on wide screens and cards on phones.
 */
export function SurveyList({ sid, action, typeSegment }: SurveyListProps) {
  const { t } = useSurveysT();
  const can = useCan();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => readSurveyListFilters(search, typeSegment), [search, typeSegment]);
  const [text, setText] = useState(filters.search);
  const [debounced] = useDebouncedValue(text, 350);
  const [creating, setCreating] = useState(action === 'new' || search.get('create') === '1');
  const list = useSurveyList(useMemo(() => buildSurveyListQuery(filters), [filters]));
  useDocumentTitle(t('list.title'));

  useEffect(() => {
    if (debounced.trim() === filters.search.trim()) return;
    setSearch((current) => writeSurveyListSearch({ ...filters, search: debounced, page: 0 }, current), { replace: true });
  }, [debounced, filters, setSearch]);

  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const pages = pageCount(meta?.total, filters.limit, filters.page, meta?.has_more ?? false);
  const filtered = Boolean(filters.search || filters.status);
  const open = (survey: Survey) => surveyPath(sid, survey, undefined, action === 'new' ? 'view' : action);

  return (
    <Stack data-testid="survey-list">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('list.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('list.subtitle')}
          </Text>
        </div>
        <Group gap="xs">
          {/* The templates page needs templates.show, and using one creates a survey. */}
          {can('templates.show') && can('surveys.create') ? (
            <Button component={Link} to={templatesPath(sid)} variant="default" leftSection={<IconTemplate size={16} />} data-testid="from-template">
              {t('list.fromTemplate')}
            </Button>
          ) : null}
          {can('surveys.create') ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="create-survey">
              {t('list.create')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <SegmentedControl
        aria-label={t('list.typeFilter')}
        value={filters.type ?? 'all'}
        onChange={(value) => navigate({ pathname: surveysPath(sid, value === 'all' ? null : value, action === 'new' ? 'view' : action), search: writeSurveyListSearch({ ...filters, page: 0 }).toString() })}
        data={[{ value: 'all', label: t('type.all') }, ...SURVEY_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))]}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: '2 1 16rem' }}
          type="search"
          label={t('common.search')}
          placeholder={t('list.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          data-testid="survey-search"
        />
        <Select
          style={{ flex: '1 1 12rem' }}
          label={t('list.statusFilter')}
          placeholder={t('list.anyStatus')}
          data={SURVEY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          value={filters.status}
          onChange={(value) => setSearch((current) => writeSurveyListSearch({ ...filters, status: value as typeof filters.status, page: 0 }, current))}
          clearable
          data-testid="survey-status-filter"
        />
      </Group>
      <QueryState isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
        {rows.length === 0 ? (
          <EmptyState
            icon={<IconClipboardList size={28} />}
            title={t('list.emptyTitle')}
            description={filtered ? t('list.emptyFiltered') : t('list.emptyDescription')}
            data-testid="survey-list-empty"
          >
            {filtered ? (
              <EmptyState.Actions>
                <Button variant="light" onClick={() => {
                    setText('');
                    setSearch(new URLSearchParams());
                  }}>
                  {t('list.clearFilters')}
                </Button>
              </EmptyState.Actions>
            ) : null}
          </EmptyState>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {meta?.total !== undefined ? t('common.total', { count: meta.total }) : null}
            </Text>
            <Paper withBorder radius="md" visibleFrom="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <Table highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('list.columnTitle')}</Table.Th>
                    <Table.Th>{t('list.columnType')}</Table.Th>
                    <Table.Th>{t('list.columnStatus')}</Table.Th>
                    <Table.Th>{t('list.columnState')}</Table.Th>
                    <Table.Th>{t('common.updatedAt')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((survey) => (
                    <Table.Tr key={survey.id} data-testid="survey-row">
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <SurveyPinToggle survey={survey} />
                          <Anchor component={Link} to={open(survey)} fw={600}>
                            {survey.title}
                          </Anchor>
                        </Group>
                        <Text size="xs" c="dimmed">
                          {t('detail.code', { code: survey.code })}
                        </Text>
                      </Table.Td>
                      <Table.Td>{t(`type.${survey.type}`)}</Table.Td>
                      <Table.Td>
                        <SurveyStatusBadge status={survey.status} />
                      </Table.Td>
                      <Table.Td>
                        <StateBadges survey={survey} />
                      </Table.Td>
                      <Table.Td>{formatDateTime(survey.updated_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
            <Stack hiddenFrom="sm" gap="xs">
              {rows.map((survey) => (
                <Card key={survey.id} withBorder padding="sm" component={Link} to={open(survey)}>
                  <Group gap={4} wrap="nowrap">
                    {survey.pinned ? <IconPinFilled size={14} aria-label={t('list.pinned')} color="var(--mantine-color-orange-6)" /> : null}
                    <Text fw={600}>{survey.title}</Text>
                  </Group>
                  <Group gap={6} mt={4}>
                    <SurveyStatusBadge status={survey.status} />
                    <Badge variant="outline" color="gray" size="sm">
                      {t(`type.${survey.type}`)}
                    </Badge>
                    <StateBadges survey={survey} />
                  </Group>
                  <Text size="xs" c="dimmed" mt={4}>
                    {formatDateTime(survey.updated_at)}
                  </Text>
                </Card>
              ))}
            </Stack>
          </>
        )}
        {pages > 1 ? (
          <Group justify="center">
            <PageNumbers total={pages} value={filters.page + 1} onChange={(page) => setSearch((current) => writeSurveyListSearch({ ...filters, page: page - 1 }, current))} />
          </Group>
        ) : null}
      </QueryState>
      <CreateSurveyModal
        opened={creating}
        initialType={filters.type}
        onClose={() => setCreating(false)}
        onCreated={(survey) => {
          setCreating(false);
          navigate(surveyPath(sid, survey, 'builder', 'edit'));
        }}
      />
    </Stack>
  );
}
