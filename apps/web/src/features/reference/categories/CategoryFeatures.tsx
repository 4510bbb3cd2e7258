import type { CategoryFeatureRow } from '@app/contracts/catalogue';
import { Badge, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { showToast } from '../../../lib/toast';
import { DataTable } from '../../../ui/list/DataTable';
import { QueryState } from '../../../ui/QueryState';
import { catalogueApi, catalogueKeys } from '../catalogue-api';
import { useCatalogueT } from '../catalogue-i18n';
import { cataloguePaths } from '../catalogue-paths';

/** A company category's default features: every feature, given or not, each opening its own page. */
export function CategoryFeatures({ id }: { id: number }) {
  const t = useCatalogueT();
  const { sid } = useCurrentSession();
  const scope = useCacheScope();
  const client = useQueryClient();
  const features = useQuery({ queryKey: [...catalogueKeys.all(scope), 'features', id], queryFn: () => catalogueApi.features(id) });
  const refresh = () => client.invalidateQueries({ queryKey: catalogueKeys.all(scope) });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('categories.featuresHint')}
      </Text>
      <QueryState isPending={features.isPending} error={features.error} onRetry={() => void features.refetch()}>
        <DataTable<CategoryFeatureRow>
          rows={features.data ?? []}
          testId="category-feature"
          rowLabel={(f) => f.name}
          rowHref={(f) => cataloguePaths.categoryFeature(sid, id, f.id)}
          columns={[
            { id: 'name', header: t('common.name'), cell: (f) => f.name, primary: true },
            {
              id: 'included',
              header: t('common.status'),
              cell: (f) => (
                <Badge color={f.included ? 'green' : 'gray'} variant="light" data-included={f.included}>
                  {f.included ? t('categories.included') : t('categories.notIncluded')}
                </Badge>
              ),
            },
            { id: 'limit', header: t('categories.limit'), cell: (f) => (f.included ? (f.limit_value ?? t('categories.unlimited')) : '—') },
          ]}
          rowActions={[
            {
              label: t('categories.give'),
              hidden: (f) => f.included,
              onClick: async (f) => {
                await catalogueApi.giveFeature(id, f.id, null);
                await refresh();
                showToast({ message: t('categories.given'), tone: 'success' });
              },
            },
            {
              label: t('categories.withdraw'),
              color: 'red',
              hidden: (f) => !f.included,
              confirm: (f) => ({ message: t('categories.withdrawConfirm', { name: f.name }), confirmLabel: t('categories.withdraw') }),
              onClick: async (f) => {
                await catalogueApi.withdrawFeature(id, f.id);
                await refresh();
                showToast({ message: t('categories.withdrawn'), tone: 'success' });
              },
            },
          ]}
        />
      </QueryState>
    </Stack>
  );
}
