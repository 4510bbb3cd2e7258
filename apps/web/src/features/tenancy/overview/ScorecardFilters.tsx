import { SURVEY_TARGET_KINDS } from '@app/contracts/surveys';
import { Button, Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { lastDays, type ScoreFilters } from './score-filters';
import { useScoresT } from './scores-i18n';

interface Props {
  filters: ScoreFilters;
  onChange: (next: Partial<ScoreFilters>) => void;
  /** A site's scorecard has no zone filter (the site is the place). */
  withZone?: boolean;
}

type Option = { id: number; name?: string; title?: string; type?: string };

/** Evaluation surveys and reference zones (regions and towns) offered as filters. */
function useFilterOptions(withZone: boolean) {
  const surveys = useQuery({
    queryKey: ['scores', 'survey-options'],
    queryFn: ({ signal }) =>
      api.list<Option>('surveys', { filter_groups: [{ filters: [{ key: 'type', operator: 'eq', value: 'evaluation' }] }], sort: [{ key: 'title', direction: 'asc' }], limit: 200 }, { signal }),
    staleTime: 60_000,
  });
  const zones = useQuery({
    queryKey: ['scores', 'zone-options'],
    enabled: withZone,
    queryFn: ({ signal }) =>
      api.list<Option>('zones', { filter_groups: [{ filters: [{ key: 'type', operator: 'in', value: ['region', 'town'] }] }], sort: [{ key: 'name', direction: 'asc' }], limit: 500 }, { signal }),
    staleTime: 300_000,
  });
  return { surveys: surveys.data?.data ?? [], zones: zones.data?.data ?? [] };
}

/** Period (presets or dates), survey, zone, target kind and the trend's step of a scorecard. */
export function ScorecardFilters({ filters, onChange, withZone = true }: Props) {
  const { t } = useScoresT();
  const options = useFilterOptions(withZone);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="score-filters">
      <Group gap={4}>
        {[7, 30, 90].map((days) => (
          <Button key={days} size="xs" variant="default" onClick={() => onChange(lastDays(days))} data-testid={`score-last-${days}`}>
            {t(`last${days}` as 'last7')}
          </Button>
        ))}
      </Group>
      <TextInput style={{ flex: '1 1 9rem' }} type="date" label={t('from')} value={filters.from ?? ''} onChange={(e) => onChange({ from: e.currentTarget.value || null })} data-testid="score-from" />
      <TextInput style={{ flex: '1 1 9rem' }} type="date" label={t('to')} value={filters.to ?? ''} onChange={(e) => onChange({ to: e.currentTarget.value || null })} data-testid="score-to" />
      <Select
        style={{ flex: '2 1 12rem' }}
        label={t('survey')}
        placeholder={t('anySurvey')}
        data={options.surveys.map((s) => ({ value: String(s.id), label: s.title ?? String(s.id) }))}
        value={filters.survey_id}
        onChange={(value) => onChange({ survey_id: value })}
        clearable
        searchable
        data-testid="score-survey"
      />
      {withZone ? (
        <Select
          style={{ flex: '2 1 12rem' }}
          label={t('zone')}
          placeholder={t('anyZone')}
          data={options.zones.map((z) => ({ value: String(z.id), label: z.name ?? String(z.id) }))}
          value={filters.zone_id}
          onChange={(value) => onChange({ zone_id: value })}
          clearable
          searchable
          data-testid="score-zone"
        />
      ) : null}
      <Select
        style={{ flex: '1 1 10rem' }}
        label={t('kind')}
        placeholder={t('anyKind')}
        data={SURVEY_TARGET_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
        value={filters.target_kind}
        onChange={(value) => onChange({ target_kind: value as ScoreFilters['target_kind'] })}
        clearable
        data-testid="score-kind"
      />
      <SegmentedControl
        aria-label={t('granularity')}
        size="xs"
        value={filters.granularity ?? 'day'}
        onChange={(value) => onChange({ granularity: value as 'day' | 'week' })}
        data={[
          { value: 'day', label: t('day') },
          { value: 'week', label: t('week') },
        ]}
        data-testid="score-granularity"
      />
    </Group>
  );
}
