import type { SortItem } from '@app/contracts/query-object';
import { Anchor, Button, Card, Checkbox, Group, Paper, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { type ColumnDef, type RowData, type RowSelectionState, rowSelectionFeature, tableFeatures, useTable } from '@tanstack/react-table';
import { type MouseEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { nextSort } from '../../lib/resource/list-query';
import { showError } from '../../lib/show-error';
import { type ConfirmFn, useConfirm } from '../ConfirmDialog';
import type { BulkAction, ListColumn, RowAction } from './list.types';
import { RowActionsMenu } from './RowActionsMenu';

const features = tableFeatures({ rowSelectionFeature });

export interface DataTableProps<T extends RowData> {
  rows: readonly T[];
  columns: readonly ListColumn<T>[];
  /** Stable row identity (selection, React keys); `row.id` by default. */
  getRowId?: (row: T) => string;
  /** A plain-text name of the row for screen readers ("Actions pour …"). */
  rowLabel?: (row: T) => string;
  /** The row's detail page: the primary cell links there and a click on the row opens it. */
  rowHref?: (row: T) => string;
  rowActions?: readonly RowAction<T>[];
  bulkActions?: readonly BulkAction<T>[];
  sort?: SortItem | null;
  onSortChange?: (sort: SortItem | null) => void;
  /** Skeleton rows of the page's size, so the first load does not shift the layout. */
  loading?: boolean;
  skeletonRows?: number;
  /** Previous page still shown while the next loads. */
  stale?: boolean;
  testId?: string;
}

const defaultRowId = (row: unknown) => String((row as { id?: unknown }).id);

/** Clicks on the row's own controls (links, buttons, checkboxes, menus) are theirs, not the row's. */
function isControl(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('a,button,input,label,[role="menuitem"],[role="menu"]') !== null;
}

async function runWithConfirm<A>(confirm: ConfirmFn, options: A | undefined, resolve: (options: A) => Parameters<ConfirmFn>[0], run: (comment: string) => unknown) {
  let comment = '';
  if (options) {
    const answer = await confirm(resolve(options));
    if (!answer.confirmed) return;
    comment = answer.comment;
  }
  try {
    await run(comment);
  } catch (error) {
    showError(error);
  }
}

function SortHeader({ column, sort, onSortChange }: { column: ListColumn<unknown>; sort: SortItem | null; onSortChange: (sort: SortItem | null) => void }) {
  const { t } = useTranslation('kit');
  const key = column.sortKey!;
  const direction = sort?.key === key ? sort.direction ?? 'asc' : null;
  const Icon = direction === 'asc' ? IconArrowUp : direction === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton onClick={() => onSortChange(nextSort(sort, key))} aria-label={t('sortBy', { column: column.header })} style={{ fontWeight: 700, display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      {column.header}
      <Icon size={14} aria-hidden style={{ opacity: direction ? 1 : 0.4 }} />
    </UnstyledButton>
  );
}

/**
 * The kit's table: TanStack Table for the model (columns, rows, selection) under Mantine
 * components. Sorting and paging are the server's (the query object), so the table only
 * reports header clicks. On phones each row becomes a card: nothing is clipped sideways.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { rows, columns, getRowId = defaultRowId, rowHref, rowActions = [], bulkActions = [], sort = null, onSortChange, loading, skeletonRows = 5, stale, testId = 'data' } = props;
  const { t } = useTranslation('kit');
  const navigate = useNavigate();
  const [confirm, confirmDialog] = useConfirm();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  // A new page (or the same page refetched after a change) starts with nothing selected:
  // a bulk action never reaches rows the person no longer sees.
  const [shownRows, setShownRows] = useState(rows);
  if (shownRows !== rows) {
    setShownRows(rows);
    setRowSelection({});
  }
  const primary = columns.find((column) => column.primary) ?? columns[0];
  const rowLabel = props.rowLabel ?? ((row: T) => String(getRowId(row)));
  const selectable = bulkActions.length > 0;

  const columnDefs = useMemo<ColumnDef<typeof features, T, any>[]>(
    () => columns.map((column) => ({ id: column.id, header: column.header, accessorFn: (row: T) => row, cell: ({ row }) => column.cell(row.original) })),
    [columns],
  );
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows as T[],
    getRowId: (row) => getRowId(row),
    enableRowSelection: selectable,
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
  });
  const tableRows = table.getRowModel().rows;
  const selectedRows = tableRows.filter((row) => row.getIsSelected()).map((row) => row.original);

  const runRowAction = (action: RowAction<T>, row: T) =>
    void runWithConfirm(confirm, action.confirm, (options) => (typeof options === 'function' ? options(row) : options), (comment) => action.onClick(row, comment));
  const runBulkAction = (action: BulkAction<T>) =>
    void runWithConfirm(confirm, action.confirm, (options) => (typeof options === 'function' ? options(selectedRows) : options), async () => {
      await action.onClick(selectedRows);
      setRowSelection({});
    });

  const openRow = (event: MouseEvent, row: T) => {
    if (!rowHref || isControl(event.target)) return;
    navigate(rowHref(row));
  };
  const primaryCell = (row: T, content: ReactNode) =>
    rowHref ? (
      // Named by what it shows (WCAG 2.5.3, label in name): a voice user says what they see.
      <Anchor component={Link} to={rowHref(row)} fw={600} c="inherit">
        {content}
      </Anchor>
    ) : (
      content
    );

  const hasActions = rowActions.length > 0;
  const allSelected = table.getIsAllRowsSelected();
  const someSelected = table.getIsSomeRowsSelected();

  return (
    <Stack gap="xs" data-testid={`${testId}-table`}>
      {selectable && selectedRows.length > 0 ? (
        <Group gap="xs" data-testid="bulk-actions">
          <Text size="sm">{t('selected', { count: selectedRows.length })}</Text>
          {bulkActions.map((action) => (
            <Button key={action.label} size="xs" variant="light" color={action.color} onClick={() => runBulkAction(action)}>
              {action.label}
            </Button>
          ))}
        </Group>
      ) : null}
      <Paper withBorder radius="md" visibleFrom="sm" style={{ opacity: stale ? 0.6 : 1, overflowX: 'auto' }}>
        <Table highlightOnHover={Boolean(rowHref)} verticalSpacing="sm">
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {selectable ? (
                  <Table.Th w={40}>
                    <Checkbox aria-label={t('selectAll')} checked={allSelected} indeterminate={!allSelected && someSelected} onChange={() => table.toggleAllRowsSelected(!allSelected)} />
                  </Table.Th>
                ) : null}
                {group.headers.map((header, index) => {
                  const column = columns[index]!;
                  const direction = column.sortKey && sort?.key === column.sortKey ? (sort.direction === 'desc' ? 'descending' : 'ascending') : undefined;
                  return (
                    <Table.Th key={header.id} w={column.width} ta={column.align} aria-sort={column.sortKey ? (direction ?? 'none') : undefined}>
                      {column.sortKey && onSortChange ? <SortHeader column={column as ListColumn<unknown>} sort={sort} onSortChange={onSortChange} /> : column.header}
                    </Table.Th>
                  );
                })}
                {hasActions ? (
                  <Table.Th w={48}>
                    <Text span size="sm" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                      {t('rowActions')}
                    </Text>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {loading
              ? Array.from({ length: skeletonRows }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own
                  <Table.Tr key={`skeleton-${index}`} aria-hidden>
                    {selectable ? <Table.Td /> : null}
                    {columns.map((column) => (
                      <Table.Td key={column.id}>
                        <Skeleton height={14} radius="sm" my={4} />
                      </Table.Td>
                    ))}
                    {hasActions ? <Table.Td /> : null}
                  </Table.Tr>
                ))
              : tableRows.map((row) => (
                  <Table.Tr
                    key={row.id}
                    data-testid={`${testId}-row`}
                    onClick={(event) => openRow(event, row.original)}
                    style={rowHref ? { cursor: 'pointer' } : undefined}
                    bg={row.getIsSelected() ? 'var(--mantine-primary-color-light)' : undefined}
                  >
                    {selectable ? (
                      <Table.Td>
                        <Checkbox aria-label={t('selectRow', { label: rowLabel(row.original) })} checked={row.getIsSelected()} onChange={() => row.toggleSelected()} />
                      </Table.Td>
                    ) : null}
                    {row.getAllCells().map((cell, index) => {
                      const column = columns[index]!;
                      const content = column.cell(row.original);
                      return (
                        <Table.Td key={cell.id} ta={column.align} style={{ overflowWrap: 'anywhere' }}>
                          {column === primary ? primaryCell(row.original, content) : content}
                        </Table.Td>
                      );
                    })}
                    {hasActions ? (
                      <Table.Td>
                        <RowActionsMenu row={row.original} label={rowLabel(row.original)} actions={rowActions} onRun={runRowAction} />
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Stack hiddenFrom="sm" gap="xs" style={{ opacity: stale ? 0.6 : 1 }}>
        {loading
          ? Array.from({ length: Math.min(skeletonRows, 4) }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own
              <Skeleton key={index} height={88} radius="md" aria-hidden />
            ))
          : tableRows.map((row) => (
              <Card key={row.id} withBorder padding="sm" data-testid={`${testId}-card`} onClick={(event) => openRow(event, row.original)} style={rowHref ? { cursor: 'pointer' } : undefined}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Group gap="xs" wrap="nowrap" miw={0} align="flex-start">
                    {selectable ? <Checkbox aria-label={t('selectRow', { label: rowLabel(row.original) })} checked={row.getIsSelected()} onChange={() => row.toggleSelected()} mt={2} /> : null}
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }} component="div">
                      {primaryCell(row.original, primary!.cell(row.original))}
                    </Text>
                  </Group>
                  {hasActions ? <RowActionsMenu row={row.original} label={rowLabel(row.original)} actions={rowActions} onRun={runRowAction} /> : null}
                </Group>
                <Stack gap={2} mt={6}>
                  {columns
                    .filter((column) => column !== primary && !column.hideOnCard)
                    .map((column) => (
                      <Group key={column.id} gap={6} wrap="wrap" align="center">
                        <Text size="xs" c="dimmed">
                          {column.header}
                        </Text>
                        <Text size="sm" component="div" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                          {column.cell(row.original)}
                        </Text>
                      </Group>
                    ))}
                </Stack>
              </Card>
            ))}
      </Stack>
      {confirmDialog}
    </Stack>
  );
}
