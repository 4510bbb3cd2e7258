import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Colours of the statuses the API sends across resources; anything else is grey. */
export const STATUS_COLORS: Readonly<Record<string, string>> = {
  active: 'teal',
  inactive: 'gray',
  suspended: 'orange',
  pending: 'yellow',
  accepted: 'teal',
  refused: 'red',
  cancelled: 'gray',
  expired: 'gray',
  approved: 'teal',
  rejected: 'red',
  draft: 'gray',
  submitted: 'blue',
  published: 'teal',
  closed: 'dark',
  validated: 'teal',
  paid: 'teal',
  unpaid: 'orange',
  available: 'teal',
  unavailable: 'orange',
};

export interface StatusBadgeProps extends Omit<BadgeProps, 'children' | 'color'> {
  /** The API value (`active`, `pending`...). */
  status: string | null | undefined;
  /** French labels of this screen's statuses; the kit knows the common ones (kit.status.*). */
  labels?: Readonly<Record<string, string>>;
  colors?: Readonly<Record<string, string>>;
}

/**
 * A status as a coloured badge with its French label, never the raw API value: an
 * unknown value reads as a dash rather than "active" on a French screen.
 */
export function StatusBadge({ status, labels, colors, variant = 'light', ...props }: StatusBadgeProps) {
  const { t } = useTranslation('kit');
  if (!status) return null;
  const label = labels?.[status] ?? t(`status.${status}`, { defaultValue: '—' });
  return (
    <Badge color={colors?.[status] ?? STATUS_COLORS[status] ?? 'gray'} variant={variant} data-status={status} {...props}>
      {label}
    </Badge>
  );
}
