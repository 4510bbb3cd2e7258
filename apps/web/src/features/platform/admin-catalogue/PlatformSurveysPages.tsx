import { canModerate } from '@app/contracts/admin-catalogue';
import type { AcrossDetail, AcrossRow } from '@app/contracts/admin-platform';
import { SURVEY_STATUSES, SURVEY_TYPES } from '@app/contracts/surveys';
import { Alert, Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { showToast } from '../../../lib/toast';
import { useCurrentSession } from '../../../lib/session/use-session';
import { ConfirmButton } from '../../../ui/ConfirmDialog';
import { DetailPage } from '../../../ui/detail/DetailPage';
import { formatDate, formatDateTime, formatNumber } from '../../../ui/format';
import type { ListColumn } from '../../../ui/list/list.types';
import { StatusBadge } from '../../../ui/StatusBadge';
import { acrossApi } from '../admin-across/across.api';
import { AdminList } from '../admin-users/AdminList';
import { CompanyCategoryFilter } from '../admin-users/CompanyCategoryFilter';
import { useCompanyPicker } from '../admin-users/use-company-options';
import { catalogueApi } from './catalogue.api';
import { useAdminCatalogueT } from './catalogue-i18n';
import { cataloguePaths } from './catalogue-paths';

const KEY = 'admin/surveys';

/**
 * mnt/surveys/{action} and surveys/{action}/templates: every company's surveys (or its
 * templates), filtered by company, type and status, each opening its moderation page.
 */
export function PlatformSurveysPage({ templates = false }: { templates?: boolean }) {
  const { t } = useAdminCatalogueT();
  const { sid } = useCurrentSession();
  const picker = useCompanyPicker();
  const fetch = useMemo(() => acrossApi.list('surveys'), []);
  const fixed = useMemo(() => (templates ? { templates: 'yes' } : undefined), [templates]);
  const columns: ListColumn<AcrossRow>[] = [
    { id: 'name', header: t('surveys.name'), cell: (r) => r.name, primary: true },
    { id: 'company', header: t('common.company'), cell: (r) => r.company_name },
    { id: 'detail', header: t('surveys.detail'), cell: (r) => r.detail ?? '—' },
    ...(templates
      ? []
      : [
          { id: 'status', header: t('common.status'), cell: (r: AcrossRow) => <StatusBadge status={r.status} /> },
          { id: 'figure', header: t('surveys.participations'), cell: (r: AcrossRow) => formatNumber(r.figure ?? 0), align: 'right' as const },
        ]),
    { id: 'created', header: t('common.created'), cell: (r) => formatDate(r.created_at), hideOnCard: true },
  ];
  return (
    <AdminList<AcrossRow>
      title={templates ? t('surveys.templatesTitle') : t('surveys.title')}
      description={templates ? t('surveys.templatesDescription') : t('surveys.description')}
      actions={
        <Button component={Link} to={templates ? cataloguePaths.surveys(sid) : cataloguePaths.templates(sid)} variant="light">
          {templates ? t('surveys.showSurveys') : t('surveys.showTemplates')}
        </Button>
      }
      queryKey={KEY}
      fetch={fetch}
      fixed={fixed}
      columns={columns}
      searchPlaceholder={t('surveys.searchPlaceholder')}
      filters={[
        { key: 'company_id', label: t('common.company'), options: picker.options, searchable: true, before: <CompanyCategoryFilter value={picker.categoryId} onChange={picker.setCategoryId} testId={templates ? 'admin-survey-templates' : 'admin-surveys'} /> },
        { key: 'type', label: t('surveys.type'), options: SURVEY_TYPES.map((value) => ({ value, label: t(`surveys.types.${value}`) })) },
        ...(templates ? [] : [{ key: 'status', label: t('common.status'), options: SURVEY_STATUSES.map((value) => ({ value, label: t(`surveys.statuses.${value}`) })) }]),
      ]}
      rowHref={(row) => (templates ? cataloguePaths.template(sid, row.id) : cataloguePaths.survey(sid, row.id))}
      rowLabel={(row) => row.name}
      testId={templates ? 'admin-survey-templates' : 'admin-surveys'}
    />
  );
}

function factValue(key: string, value: string, t: ReturnType<typeof useAdminCatalogueT>['t']): string {
  if (key === 'type') return t(`surveys.types.${value}`, { defaultValue: value });
  if (key === 'target') return t(`targets.${value}`, { defaultValue: value });
  if (key === 'template') return '✓';
  if (key === 'published') return formatDateTime(value);
  return value;
}

function ModerationActions({ survey }: { survey: AcrossDetail }) {
  const { t } = useAdminCatalogueT();
  const client = useQueryClient();
  const done = async (message: string) => {
    await client.invalidateQueries({ queryKey: [KEY] });
    showToast({ message, tone: 'success' });
  };
  const isTemplate = survey.facts.some((f) => f.key === 'template');
  if (isTemplate) return null;
  const status = survey.status ?? '';
  if (!canModerate('reject', status) && !canModerate('close', status)) return null;
  return (
    <Group gap="xs">
      {canModerate('reject', status) ? (
        <ConfirmButton
          data-testid="moderation-reject"
          confirm={{
            title: t('surveys.rejectTitle', { title: survey.name }),
            message: t('surveys.rejectMessage'),
            commentLabel: t('surveys.rejectReason'),
            commentRequired: true,
            confirmLabel: t('surveys.reject'),
          }}
          onConfirm={async (comment) => {
            await catalogueApi.reject(survey.id, comment);
            await done(t('surveys.rejected'));
          }}
        >
          {t('surveys.reject')}
        </ConfirmButton>
      ) : null}
      {canModerate('close', status) ? (
        <ConfirmButton
          color="orange"
          data-testid="moderation-close"
          confirm={{ message: t('surveys.closeMessage', { title: survey.name }), confirmLabel: t('surveys.close') }}
          onConfirm={async () => {
            await catalogueApi.close(survey.id);
            await done(t('surveys.closed'));
          }}
        >
          {t('surveys.close')}
        </ConfirmButton>
      ) : null}
    </Group>
  );
}

/** mnt/surveys/{action}/{survey} and surveys/{action}/templates/{template}: one survey, its questions, its moderation. */
export function PlatformSurveyPage() {
  const { t } = useAdminCatalogueT();
  const { sid } = useCurrentSession();
  const params = useParams();
  const templates = params.template !== undefined;
  const id = Number(params.template ?? params.survey);
  const item = useQuery({ queryKey: [KEY, sid, 'detail', id], queryFn: () => acrossApi.get('surveys', id), enabled: id > 0 });
  const survey = item.data;
  const rejection = survey?.facts.find((f) => f.key === 'rejection')?.value;
  return (
    <DetailPage
      title={survey?.name ?? t('surveys.title')}
      description={survey ? `${survey.company_name} · ${survey.detail ?? ''}` : undefined}
      breadcrumbs={[
        { label: templates ? t('surveys.templatesTitle') : t('surveys.title'), to: templates ? cataloguePaths.templates(sid) : cataloguePaths.surveys(sid) },
        { label: survey?.name ?? '' },
      ]}
      actions={survey ? <ModerationActions survey={survey} /> : null}
      query={item}
      notFound={t('common.notFound')}
    >
      {survey ? (
        <Stack gap="lg" data-testid="admin-survey-detail" data-status={survey.status ?? ''}>
          {rejection ? (
            <Alert color="red" title={t('surveys.facts.rejection')} data-testid="admin-survey-rejection">
              {rejection}
            </Alert>
          ) : null}
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={220}>{t('common.company')}</Table.Th>
                <Table.Td>{survey.company_name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('common.status')}</Table.Th>
                <Table.Td>
                  <StatusBadge status={survey.status} />
                </Table.Td>
              </Table.Tr>
              {survey.facts
                .filter((f) => f.key !== 'rejection')
                .map((fact) => (
                  <Table.Tr key={fact.key}>
                    <Table.Th>{t(`surveys.facts.${fact.key}`, { defaultValue: fact.key })}</Table.Th>
                    <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{factValue(fact.key, fact.value, t)}</Table.Td>
                  </Table.Tr>
                ))}
              <Table.Tr>
                <Table.Th>{t('surveys.participations')}</Table.Th>
                <Table.Td>{formatNumber(survey.figure ?? 0)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('common.created')}</Table.Th>
                <Table.Td>{formatDate(survey.created_at)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('surveys.questions')}
            </Title>
            {survey.children.length === 0 ? (
              <Text c="dimmed">{t('surveys.noQuestions')}</Text>
            ) : (
              <List type="ordered" data-testid="admin-survey-questions">
                {survey.children.map((q) => (
                  <List.Item key={q.id}>
                    {q.name}
                    {q.detail ? <Text span c="dimmed" size="sm">{` · ${q.detail}`}</Text> : null}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        </Stack>
      ) : null}
    </DetailPage>
  );
}

export const PlatformSurveyTemplatesPage = () => <PlatformSurveysPage templates />;
