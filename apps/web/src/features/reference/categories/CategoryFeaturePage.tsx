import { Badge, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useCacheScope, useResource } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { useConfirm } from '../../../ui/ConfirmDialog';
import { DetailPage } from '../../../ui/detail/DetailPage';
import { categoriesResource, catalogueApi, catalogueKeys } from '../catalogue-api';
import { useCatalogueT } from '../catalogue-i18n';
import { cataloguePaths } from '../catalogue-paths';
import { useLabelValue } from '../../../ui/LabelValue';

/** `mnt/categories/{action}/companies/{category}/features/{feature}`: one feature a company category gives, its limit. */
export function CategoryFeaturePage() {
  const t = useCatalogueT();
  const labelValue = useLabelValue();
  const { sid } = useCurrentSession();
  const params = useParams();
  const id = Number(params.category);
  const featureId = Number(params.feature);
  const scope = useCacheScope();
  const client = useQueryClient();
  const category = useResource(categoriesResource, id);
  const feature = useQuery({ queryKey: [...catalogueKeys.all(scope), 'feature', id, featureId], queryFn: () => catalogueApi.feature(id, featureId) });
  const row = feature.data;
  // undefined until edited: the limit shown is then the one in force.
  const [edited, setLimit] = useState<string | number | undefined>(undefined);
  const [confirm, confirmElement] = useConfirm();
  const refresh = () => client.invalidateQueries({ queryKey: catalogueKeys.all(scope) });
  const give = useMutation({
    mutationFn: () => {
      const limit = edited ?? row?.limit_value ?? '';
      return catalogueApi.giveFeature(id, featureId, limit === '' ? null : Number(limit));
    },
    onSuccess: async () => {
      await refresh();
      showToast({ message: t('categories.given'), tone: 'success' });
    },
    onError: showError,
  });
  const withdraw = async () => {
    if (!row) return;
    const answer = await confirm({ message: t('categories.withdrawConfirm', { name: row.name }), confirmLabel: t('categories.withdraw') });
    if (!answer.confirmed) return;
    try {
      await catalogueApi.withdrawFeature(id, featureId);
      await refresh();
      showToast({ message: t('categories.withdrawn'), tone: 'success' });
    } catch (error) {
      showError(error);
    }
  };
  const categoryName = category.data?.name ?? '…';
  return (
    <DetailPage
      title={row?.name ?? '…'}
      breadcrumbs={[
        { label: `${t('categories.title')} · ${t('categories.kinds.company')}`, to: cataloguePaths.categories(sid, 'company') },
        { label: categoryName, to: `${cataloguePaths.category(sid, 'company', id)}?tab=features` },
        { label: row?.name ?? '…' },
      ]}
      query={feature}
    >
      {row ? (
        <Stack gap="md" data-testid="category-feature-page">
          <Group gap="xs">
            <Badge color={row.included ? 'green' : 'gray'} variant="light" data-included={row.included}>
              {row.included ? t('categories.included') : t('categories.notIncluded')}
            </Badge>
            {row.included ? <Text size="sm">{labelValue(t('categories.limit'), row.limit_value ?? t('categories.unlimited'))}</Text> : null}
          </Group>
          {row.description ? <Text>{row.description}</Text> : null}
          <Text size="sm" c="dimmed">
            {t('categories.companiesReached', { count: row.companies })}
          </Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NumberInput
              key={`${row.included}:${row.limit_value}`}
              style={{ flex: '1 1 12rem', maxWidth: '20rem' }}
              label={t('categories.limit')}
              description={t('categories.limitHint')}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              defaultValue={row.limit_value ?? ''}
              onChange={setLimit}
              data-testid="category-feature-limit"
            />
            <Button loading={give.isPending} onClick={() => give.mutate()} data-testid="category-feature-give">
              {row.included ? t('common.save') : t('categories.give')}
            </Button>
            {row.included ? (
              <Button color="red" variant="light" onClick={withdraw} data-testid="category-feature-withdraw">
                {t('categories.withdraw')}
              </Button>
            ) : null}
          </Group>
          {confirmElement}
        </Stack>
      ) : null}
    </DetailPage>
  );
}
