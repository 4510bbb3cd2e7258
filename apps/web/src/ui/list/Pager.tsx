import type { ListMeta } from '@app/contracts/envelope';
import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n';
import { showToast } from '../../lib/toast';

export interface PagerProps {
  /** 0-based. */
  page: number;
  meta: ListMeta | undefined;
  onPage: (page: number) => void;
  disabled?: boolean;
}

/**
 * Section 8: asking past the last page warns, in French, that there are no more items.
 * The toast lives outside React's tree, so the texts are read at call time.
 */
export function warnNoMoreItems(): void {
  showToast({ title: i18n.t('kit:noMoreItemsTitle'), message: i18n.t('kit:noMoreItems'), tone: 'warning' });
}

/**
 * Previous / page / next, with the total when the server counted it. The API answers
 * `has_more` (one extra row fetched) rather than a count, so "next" stays offered and,
 * at the end, says there is nothing more instead of showing an empty page.
 */
export function Pager({ page, meta, onPage, disabled }: PagerProps) {
  const { t } = useTranslation('kit');
  const hasMore = meta?.has_more ?? false;
  if (page === 0 && !hasMore && meta?.total === undefined) return null;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" data-testid="pager">
      <Text size="sm" c="dimmed" aria-live="polite">
        {meta?.total !== undefined ? t('total', { count: meta.total }) : null}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" size="xs" leftSection={<IconChevronLeft size={14} />} disabled={disabled || page === 0} onClick={() => onPage(page - 1)}>
          {t('previousPage')}
        </Button>
        <Text size="sm" data-testid="pager-page" aria-current="page">
          {t('page', { page: page + 1 })}
        </Text>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={14} />}
          disabled={disabled}
          onClick={() => (hasMore ? onPage(page + 1) : warnNoMoreItems())}
          data-testid="pager-next"
        >
          {t('nextPage')}
        </Button>
      </Group>
    </Group>
  );
}
