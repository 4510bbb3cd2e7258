import type { ListMeta } from '@app/contracts/envelope';
import { EmptyState, Group, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentSession } from '../../../lib/session/use-session';
import { PageHeader } from '../../../ui/PageHeader';
import { LoadError } from '../../../ui/QueryState';
import { DataTable } from '../../../ui/list/DataTable';
import type { ListColumn } from '../../../ui/list/list.types';
import { Pager } from '../../../ui/list/Pager';
import { useAdminPlatformT } from './admin-platform-i18n';

export interface AdminFilter {
  key: string;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** A searchable select (companies). */
  searchable?: boolean;
  /** Shown just before the select: a filter of its options (a company picker's category). */
  before?: ReactNode;
}

export interface AdminListProps<T> {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Cache key of the list (the API path is enough). */
  queryKey: string;
  fetch: (params: Record<string, unknown>) => Promise<{ data: T[]; meta?: ListMeta }>;
  /** Parameters the page always sends (e.g. the account type of the address). */
  fixed?: Record<string, unknown>;
  columns: readonly ListColumn<T>[];
  filters?: readonly AdminFilter[];
  searchPlaceholder?: string;
  rowHref?: (row: T) => string;
  rowLabel?: (row: T) => string;
  testId: string;
}

/**
 * A back-office list over one of the `admin/*` endpoints (plain parameters: `q`, filters,
 * `page`), built from the kit's table and pager. Its state lives in the address, so the
 * back button and a shared link show the same page.
 */
export function AdminList<T extends { id: number }>({ title, description, actions, queryKey, fetch, fixed, columns, filters = [], searchPlaceholder, rowHref, rowLabel, testId }: AdminListProps<T>) {
  const { sid } = useCurrentSession();
  const { t } = useAdminPlatformT();
  const { t: kit } = useTranslation('kit');
  const [search, setSearch] = useSearchParams();
  const page = Math.max(0, Number(search.get('page') ?? 0) || 0);
  const q = search.get('q') ?? '';
  const [text, setText] = useState(q);
  const [debounced] = useDebouncedValue(text, 350);
  const chosen = useMemo(() => Object.fromEntries(filters.map((f) => [f.key, search.get(f.key) ?? ''])), [filters, search]);
  const params = useMemo(() => {
    const out: Record<string, unknown> = { ...fixed, page };
    if (q) out.q = q;
    for (const [key, value] of Object.entries(chosen)) if (value) out[key] = value;
    return out;
  }, [fixed, page, q, chosen]);
  const list = useQuery({ queryKey: [queryKey, sid, params], queryFn: () => fetch(params), placeholderData: keepPreviousData });

  const update = useCallback(
    (changes: Record<string, string>, replace = false) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace },
    ),
    [setSearch],
  );

  // Only a new settled text searches: a cleared box or a back navigation must not be
  // overwritten by a debounced value from before.
  const applied = useRef(debounced);
  useEffect(() => {
    if (applied.current === debounced) return;
    applied.current = debounced;
    if (debounced.trim() !== q.trim()) update({ q: debounced.trim(), page: '' }, true);
  }, [debounced, q, update]);
  // The address changed from outside (back button, a link): the box follows.
  useEffect(() => setText((current) => (current.trim() === q.trim() ? current : q)), [q]);

  return (
    <Stack gap="md">
      <PageHeader title={title} description={description} actions={actions} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: '2 1 16rem' }}
          type="search"
          label={t('common.search')}
          placeholder={searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-testid={`${testId}-search`}
        />
        {filters.map((filter) => (
          <Fragment key={filter.key}>
            {filter.before}
            <Select
              style={{ flex: '1 1 12rem' }}
              label={filter.label}
              data={filter.options as { value: string; label: string }[]}
              value={chosen[filter.key] || null}
              onChange={(value) => update({ [filter.key]: value ?? '', page: '' })}
              clearable
              searchable={filter.searchable}
              data-testid={`${testId}-filter-${filter.key}`}
            />
          </Fragment>
        ))}
      </Group>
      {list.error ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.isPending && list.data?.data.length === 0 ? (
        <EmptyState title={kit('emptyTitle')} description={q || Object.values(chosen).some(Boolean) ? kit('emptyFiltered') : kit('emptyDescription')} data-testid={`${testId}-empty`} />
      ) : (
        <DataTable testId={testId} rows={list.data?.data ?? []} columns={columns} rowHref={rowHref} rowLabel={rowLabel} loading={list.isPending} stale={list.isPlaceholderData} skeletonRows={8} />
      )}
      {list.error ? null : <Pager page={page} meta={list.data?.meta} onPage={(next) => update({ page: next ? String(next) : '' })} disabled={list.isFetching && list.isPlaceholderData} />}
    </Stack>
  );
}
