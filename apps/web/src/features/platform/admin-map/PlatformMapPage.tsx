import type { AdminMap } from '@app/contracts/admin-map';
import { Alert, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/session/use-session';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { formatDateTime, formatNumber } from '../../../ui/format';
import { adminPaths } from '../../administration/admin-paths';
import { useAdminPlatformT } from '../admin-users/admin-platform-i18n';
import { CompanyCategoryFilter } from '../admin-users/CompanyCategoryFilter';
import { useCompanyPicker } from '../admin-users/use-company-options';
import { type MapObject, PlatformMap } from './PlatformMap';
import './platform-map.css';

const FILTERS = ['company_id', 'survey_id', 'from', 'to'] as const;

/** mnt/ai-map: every company's sites and geolocated participations on one map, filtered by company, survey and period. */
export function PlatformMapPage() {
  const { t } = useAdminPlatformT();
  const { sid } = useCurrentSession();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const params = Object.fromEntries(FILTERS.flatMap((key) => (search.get(key) ? [[key, search.get(key)]] : [])));
  const markers = useQuery({
    queryKey: ['admin/map', sid, params],
    queryFn: () => api.get<AdminMap>('admin/map', { query: params }),
    placeholderData: keepPreviousData,
  });
  const picker = useCompanyPicker();
  const companyId = search.get('company_id');
  const surveys = useQuery({
    queryKey: ['admin/surveys', 'options', sid, companyId],
    queryFn: () => api.request<Array<{ id: number; name: string; company_name: string | null }>>('GET', 'admin/surveys', { query: { limit: 100, ...(companyId ? { company_id: companyId } : {}) } }),
    staleTime: 60_000,
  });
  const set = (key: string, value: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        // Another company's surveys are not offered: a survey chosen before no longer applies.
        if (key === 'company_id') next.delete('survey_id');
        return next;
      },
      { replace: true },
    );
  const open = (object: MapObject) =>
    navigate(
      object.kind === 'site'
        ? adminPaths.companyChildRow(sid, object.row.company_id, 'sites', object.row.id)
        : adminPaths.companyChildRow(sid, object.row.company_id, 'surveys', object.row.survey_id),
    );
  const labelOf = (object: MapObject) =>
    object.kind === 'site'
      ? t('map.siteMarker', { name: object.row.name, company: object.row.company_name })
      : t('map.participationMarker', { survey: object.row.survey_title, company: object.row.company_name, date: formatDateTime(object.row.created_at) });
  const data = markers.data;
  const empty = data && data.sites.length === 0 && data.participations.length === 0;
  return (
    <Stack gap="lg">
      <PageHeader title={t('map.title')} description={t('map.description')} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <CompanyCategoryFilter value={picker.categoryId} onChange={picker.setCategoryId} testId="map" />
        <Select label={t('common.company')} placeholder={t('common.anyCompany')} data={picker.options} value={companyId} onChange={(value) => set('company_id', value)} searchable clearable data-testid="map-company" />
        <Select
          label={t('map.survey')}
          placeholder={t('map.anySurvey')}
          data={(surveys.data?.data ?? []).map((s) => ({ value: String(s.id), label: companyId || !s.company_name ? s.name : `${s.name} · ${s.company_name}` }))}
          value={search.get('survey_id')}
          onChange={(value) => set('survey_id', value)}
          searchable
          clearable
          data-testid="map-survey"
        />
        <TextInput type="date" label={t('overview.from')} value={search.get('from') ?? ''} onChange={(e) => set('from', e.currentTarget.value)} data-testid="map-from" />
        <TextInput type="date" label={t('overview.to')} value={search.get('to') ?? ''} onChange={(e) => set('to', e.currentTarget.value)} data-testid="map-to" />
      </Group>
      <QueryState isPending={markers.isPending} error={markers.error} onRetry={() => void markers.refetch()}>
        {data ? (
          <Stack gap="sm">
            <Group gap="lg" wrap="wrap">
              <Text size="sm" data-testid="map-counts">
                {t('map.counts', { sites: formatNumber(data.sites.length, 0), participations: formatNumber(data.participations.length, 0) })}
              </Text>
              <Group gap={6}>
                <span className="map-legend map-legend-site" aria-hidden />
                <Text size="sm">{t('map.legendSite')}</Text>
                <span className="map-legend map-legend-participation" aria-hidden />
                <Text size="sm">{t('map.legendParticipation')}</Text>
              </Group>
            </Group>
            {data.truncated ? (
              <Alert color="yellow" data-testid="map-truncated">
                {t('map.truncated', { count: formatNumber(data.participations.length, 0) })}
              </Alert>
            ) : null}
            {empty ? <Text c="dimmed">{t('map.empty')}</Text> : null}
            <PlatformMap
              sites={data.sites}
              participations={data.participations}
              onOpen={open}
              labelOf={labelOf}
              clusterLabel={(count) => t('map.cluster', { count: formatNumber(count, 0) })}
            />
            <Text size="xs" c="dimmed">
              {t('map.baseCredit')}
            </Text>
          </Stack>
        ) : null}
      </QueryState>
    </Stack>
  );
}
