import type { QueryObject, SortItem } from '@app/contracts/query-object';
import { Button, EmptyState, Group, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { RowData } from '@tanstack/react-table';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { buildListQuery, DEFAULT_PAGE_SIZE, type ListState, readListState, writeListState } from '../../lib/resource/list-query';
import type { Resource } from '../../lib/resource/resource';
import { useResourceList } from '../../lib/resource/use-resource';
import { PageHeader, type PageHeaderProps } from '../PageHeader';
import { LoadError } from '../QueryState';
import { DataTable, type DataTableProps } from './DataTable';
import type { ListFilter } from './list.types';
import { Pager } from './Pager';

export interface ResourceListProps<T extends RowData> extends Omit<DataTableProps<T>, 'rows' | 'sort' | 'onSortChange' | 'loading' | 'stale'> {
  resource: Resource<T, any, any>;
  /** Filters, relations, keys the list always sends (e.g. `includes`, a fixed status). */
  query?: QueryObject;
  filters?: readonly ListFilter[];
  /** A search box over the resource's searchable fields (`POST {r}/search`); on by default. */
  searchable?: boolean;
  searchPlaceholder?: string;
  /** Section 9: 20 by default; validations and approvals 10 (`PAGE_SIZE_APPROVALS`). */
  pageSize?: number;
  /** Newest first (`created_at` desc) by default. */
  defaultSort?: SortItem;
  /** Ask the server for the total (a COUNT): worth it for short lists people count. */
  withTotal?: boolean;
  empty?: { title?: string; description?: string; action?: ReactNode };
  /** Prefix of this list's address parameters (`groups.` → `groups.q`, `groups.page`) when a page shows several lists. */
  paramPrefix?: string;
}

/**
 * A resource's list driven by the query object: search, filters, sort by column header,
 * pages with the "no more items" warning. Its state lives in the address (`q`, `f.<key>`,
 * `sort`, `page`), so the back button and a shared link show the same page.
 */
export function ResourceList<T extends RowData>(props: ResourceListProps<T>) {
  const { resource, query: base, filters = [], searchable = true, searchPlaceholder, pageSize = DEFAULT_PAGE_SIZE, defaultSort, withTotal, empty, paramPrefix = '', testId = 'resource', ...table } = props;
  const { t } = useTranslation('kit');
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => readListState(search, paramPrefix), [search, paramPrefix]);
  const [text, setText] = useState(state.search);
  const [debounced] = useDebouncedValue(text, 350);
  const query = useMemo(() => buildListQuery(state, { base, filterSpecs: filters, pageSize, defaultSort, withTotal }), [state, base, filters, pageSize, defaultSort, withTotal]);
  const list = useResourceList(resource, query);

  const update = useCallback(
    (next: Partial<ListState>, replace = false) =>
      setSearch((current) => writeListState({ ...readListState(current, paramPrefix), ...next }, current, paramPrefix), { replace }),
    [setSearch, paramPrefix],
  );

  // Only a new settled text searches: a cleared box or a back navigation must not be
  // overwritten by a debounced value from before.
  const applied = useRef(debounced);
  useEffect(() => {
    if (applied.current === debounced) return;
    applied.current = debounced;
    if (debounced.trim() !== state.search.trim()) update({ search: debounced, page: 0 }, true);
  }, [debounced, state.search, update]);
  // The address changed from outside (back button, a link): the box follows.
  useEffect(() => setText((current) => (current.trim() === state.search.trim() ? current : state.search)), [state.search]);

  const rows = list.data?.data ?? [];
  const filtered = Boolean(state.search || Object.values(state.filters).some(Boolean));
  const clear = () => {
    setText('');
    update({ search: '', filters: {}, page: 0 });
  };

  let body: ReactNode;
  if (list.error) body = <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.isPending && rows.length === 0 && state.page > 0)
    body = (
      <EmptyState title={t('noMoreItems')} description={t('pastTheEnd')} data-testid={`${testId}-past-end`}>
        <EmptyState.Actions>
          <Button variant="light" onClick={() => update({ page: 0 })}>
            {t('firstPage')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  else if (!list.isPending && rows.length === 0)
    body = (
      <EmptyState title={empty?.title ?? t('emptyTitle')} description={filtered ? t('emptyFiltered') : (empty?.description ?? t('emptyDescription'))} data-testid={`${testId}-empty`}>
        {filtered || empty?.action ? (
          <EmptyState.Actions>
            {filtered ? (
              <Button variant="light" onClick={clear}>
                {t('clearFilters')}
              </Button>
            ) : (
              empty?.action
            )}
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    );
  else
    body = (
      <DataTable
        {...table}
        testId={testId}
        rows={rows}
        sort={state.sort ?? defaultSort ?? null}
        onSortChange={(sort) => update({ sort, page: 0 })}
        loading={list.isPending}
        skeletonRows={Math.min(pageSize, 10)}
        stale={list.isPlaceholderData}
      />
    );

  return (
    <Stack gap="sm" data-testid={`${testId}-list`}>
      {searchable || filters.length ? (
        <Group gap="sm" align="flex-end" wrap="wrap">
          {searchable ? (
            <TextInput
              style={{ flex: '2 1 16rem' }}
              type="search"
              label={t('search')}
              placeholder={searchPlaceholder ?? t('searchPlaceholder')}
              leftSection={<IconSearch size={16} />}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              data-testid={`${testId}-search`}
            />
          ) : null}
          {filters.map((filter) => (
            <Select
              key={filter.key}
              style={{ flex: '1 1 12rem' }}
              label={filter.label}
              placeholder={t('anyValue')}
              data={filter.options as { value: string; label: string }[]}
              value={state.filters[filter.key] ?? null}
              onChange={(value) => update({ filters: { ...state.filters, [filter.key]: value ?? '' }, page: 0 })}
              onDropdownOpen={filter.onOpen}
              // Nothing to choose (yet): no empty list to open (an empty listbox is announced as broken, axe aria-required-children).
              disabled={filter.options.length === 0 && !state.filters[filter.key]}
              // A long list (a company's surveys) is found by typing.
              searchable={filter.options.length > 10}
              clearable
              data-testid={`${testId}-filter-${filter.key}`}
            />
          ))}
        </Group>
      ) : null}
      {body}
      {list.error ? null : <Pager page={state.page} meta={list.data?.meta} onPage={(page) => update({ page })} disabled={list.isFetching && list.isPlaceholderData} />}
    </Stack>
  );
}

export interface ListPageProps<T extends RowData> extends ResourceListProps<T>, Omit<PageHeaderProps, 'children'> {}

/** A whole list screen: the page header (breadcrumbs, title, actions) over the resource's list. */
export function ListPage<T extends RowData>({ title, documentTitle, description, breadcrumbs, actions, ...list }: ListPageProps<T>) {
  return (
    <Stack gap="md">
      <PageHeader title={title} documentTitle={documentTitle} description={description} breadcrumbs={breadcrumbs} actions={actions} />
      <ResourceList {...list} />
    </Stack>
  );
}
