import { Group, MultiSelect, Select, Switch, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ParticipationStatus } from '../../surveys/survey.types';
import { useSurveysT } from '../../surveys/surveys-i18n';
import { useTargetsT } from '../targets/targets-i18n';
import { PARTICIPATION_PAGE_SIZES, PARTICIPATION_STATUSES, type ParticipationFilters } from './participations-query';
import { useParticipationStatusLabel } from '../../../ui/participation-status';

interface FiltersBarProps {
  filters: ParticipationFilters;
  onChange: (patch: Partial<ParticipationFilters>) => void;
  /** The survey evaluates sites or workspaces: offer the review queue of flagged visits. */
  visits?: boolean;
}

/** Search, statuses, submission window and page size; any change goes back to the first page. */
export function ParticipationFiltersBar({ filters, onChange, visits }: FiltersBarProps) {
  const { t } = useSurveysT();
  const statusLabel = useParticipationStatusLabel();
  const tq = useTargetsT();
  const [text, setText] = useState(filters.search);
  const [debounced] = useDebouncedValue(text, 350);
  useEffect(() => {
    if (debounced !== filters.search) onChange({ search: debounced, page: 0 });
  }, [debounced, filters.search, onChange]);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="participation-filters">
      <TextInput
        style={{ flex: '2 1 14rem' }}
        label={t('common.search')}
        placeholder={t('participations.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        type="search"
      />
      <MultiSelect
        style={{ flex: '2 1 14rem' }}
        label={t('participations.status')}
        placeholder={filters.statuses.length ? undefined : t('participations.anyStatus')}
        data={PARTICIPATION_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
        value={filters.statuses}
        onChange={(values) => onChange({ statuses: values as ParticipationStatus[], page: 0 })}
        clearable
        data-testid="participation-status-filter"
      />
      <TextInput style={{ flex: '1 1 9rem' }} type="date" label={t('participations.from')} value={filters.from ?? ''} onChange={(e) => onChange({ from: e.currentTarget.value || null, page: 0 })} />
      <TextInput style={{ flex: '1 1 9rem' }} type="date" label={t('participations.to')} value={filters.to ?? ''} onChange={(e) => onChange({ to: e.currentTarget.value || null, page: 0 })} />
      {visits ? (
        <Switch
          style={{ flex: '0 1 auto', alignSelf: 'center' }}
          label={tq('geofence.filter')}
          checked={Boolean(filters.flagged)}
          onChange={(e) => onChange({ flagged: e.currentTarget.checked, page: 0 })}
          data-testid="participation-flagged-filter"
        />
      ) : null}
      <Select
        style={{ flex: '0 1 6rem' }}
        label={t('common.perPage')}
        data={PARTICIPATION_PAGE_SIZES.map(String)}
        value={String(filters.limit)}
        onChange={(value) => value && onChange({ limit: Number(value), page: 0 })}
        allowDeselect={false}
      />
    </Group>
  );
}
