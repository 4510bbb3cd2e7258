import type { ListMeta } from '@app/contracts/envelope';
import { Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCacheScope } from '../../lib/resource/use-resource';
import { DataTable } from '../../ui/list/DataTable';
import type { ListColumn, RowAction } from '../../ui/list/list.types';
import { Pager } from '../../ui/list/Pager';
import { QueryState } from '../../ui/QueryState';
import { useCatalogueT } from './catalogue-i18n';

const PAGE_SIZE = 20;

export interface PagedListProps<T extends { id: number }> {
  /** Cache key of the list (the search and page are appended); under `catalogue-admin` so changes refresh it. */
  cacheKey: readonly unknown[];
  fetch: (filter: { q?: string; page: number; limit: number }, signal?: AbortSignal) => Promise<{ data: T[]; meta?: ListMeta }>;
  columns: readonly ListColumn<T>[];
  rowHref?: (row: T) => string;
  rowLabel?: (row: T) => string;
  rowActions?: readonly RowAction<T>[];
  empty: string;
  searchLabel?: string;
  testId: string;
}

/** A server-side list that is not a resource (a sector's companies, a category's records): search, pages, phone cards. */
export function PagedList<T extends { id: number }>({ cacheKey, fetch, columns, rowHref, rowLabel, rowActions, empty, searchLabel, testId }: PagedListProps<T>) {
  const t = useCatalogueT();
  const scope = useCacheScope();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 350);
  const [page, setPage] = useState(0);
  const query = useQuery({
    queryKey: ['catalogue-admin', scope, ...cacheKey, q, page],
    queryFn: ({ signal }) => fetch({ q: q || undefined, page: page + 1, limit: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.data ?? [];
  return (
    <Stack gap="sm" data-testid={`${testId}-list`}>
      <TextInput
        type="search"
        label={searchLabel ?? t('common.search')}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setPage(0);
        }}
        data-testid={`${testId}-search`}
      />
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
        {rows.length === 0 ? (
          <Text c="dimmed" data-testid={`${testId}-empty`}>
            {empty}
          </Text>
        ) : (
          <DataTable<T> rows={rows} columns={columns} rowHref={rowHref} rowLabel={rowLabel} rowActions={rowActions} testId={testId} stale={query.isPlaceholderData} />
        )}
        <Pager page={page} meta={query.data?.meta} onPage={setPage} disabled={query.isPlaceholderData} />
      </QueryState>
    </Stack>
  );
}
