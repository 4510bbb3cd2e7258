import type { ListMeta } from '@app/contracts/envelope';
import { Button, Group, Text } from '@mantine/core';
import { useAdminT } from './admin-i18n';

/** Previous / page / next of the back office lists (1-based pages, `has_more` from the API). */
export function SimplePager({ page, meta, onPage }: { page: number; meta: ListMeta | undefined; onPage: (page: number) => void }) {
  const t = useAdminT();
  if (page <= 1 && !meta?.has_more) return null;
  return (
    <Group justify="space-between" data-testid="admin-pager">
      <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('companies.previous')}
      </Button>
      <Text size="sm">{t('companies.page', { page })}</Text>
      <Button variant="default" disabled={!meta?.has_more} onClick={() => onPage(page + 1)}>
        {t('companies.next')}
      </Button>
    </Group>
  );
}
