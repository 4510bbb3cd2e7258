import type { ReactNode } from 'react';
import type { ConfirmOptions } from '../ConfirmDialog';

/** A column, declared once: the table header and cell on wide screens, a card line on phones. */
export interface ListColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The API's sort key; when set, the header sorts the list (server side). */
  sortKey?: string;
  /** The card's title on phones; the first column when no column says so. */
  primary?: boolean;
  /** Left out of the phone card (the table still shows it). */
  hideOnCard?: boolean;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
}

/** An entry of a row's "Actions" menu; only shown when it applies to the row. */
export interface RowAction<T> {
  label: string;
  icon?: ReactNode;
  color?: string;
  /** `comment`: what the confirmation's comment box held (a reason), empty without one. */
  onClick: (row: T, comment?: string) => unknown | Promise<unknown>;
  /** Asks first (a destructive action); the comment, if any, is passed on. */
  confirm?: ConfirmOptions | ((row: T) => ConfirmOptions);
  hidden?: (row: T) => boolean;
}

/** An action on the selected rows; selection checkboxes appear when a list has any. */
export interface BulkAction<T> {
  label: string;
  color?: string;
  onClick: (rows: T[]) => unknown | Promise<unknown>;
  confirm?: ConfirmOptions | ((rows: T[]) => ConfirmOptions);
}

/** A filter shown above the list: a select of French labels over API values. */
export interface ListFilter {
  key: string;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  operator?: 'eq' | 'in' | 'ct' | 'sw' | 'ew' | 'gt' | 'gte' | 'lt' | 'lte';
  /**
   * Called when its list opens: options read from the server are read again (one created
   * meanwhile is offered). A filter with no option yet is disabled, so it is not called then:
   * the options' own query brings the first ones (on mount, on focus).
   */
  onOpen?: () => void;
}
