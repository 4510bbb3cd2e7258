import { CATEGORY_TYPES, type CategoryNode, type CategoryType, categoryTypeOfSegment } from '@app/contracts/catalogue';
import { Button, Modal, ScrollArea, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCurrentSession } from '../../../lib/session/use-session';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { useCategoryTree } from '../catalogue-api';
import { useCatalogueT } from '../catalogue-i18n';
import { cataloguePaths } from '../catalogue-paths';
import { CategoryCreateForm } from './CategoryCreateForm';
import { CategoryTree } from './CategoryTree';
import { useLabelValue } from '../../../ui/LabelValue';

/** `mnt/categories` and `mnt/categories/{action}/{kind}`: one kind's tree, reordered and grown in place. */
export function CategoriesPage() {
  const t = useCatalogueT();
  const labelValue = useLabelValue();
  const { sid } = useCurrentSession();
  const navigate = useNavigate();
  const type: CategoryType = categoryTypeOfSegment(useParams().kind) ?? 'template';
  const tree = useCategoryTree(type);
  // undefined: closed; null: a new root; a node: a new child of it.
  const [creating, setCreating] = useState<CategoryNode | null | undefined>(undefined);
  return (
    <Stack gap="md">
      <PageHeader
        title={`${t('categories.title')} · ${t(`categories.kinds.${type}`)}`}
        actions={
          <Button onClick={() => setCreating(null)} data-testid="category-new">
            {t('categories.new')}
          </Button>
        }
      />
      <ScrollArea type="auto" offsetScrollbars>
        <SegmentedControl
          value={type}
          onChange={(value) => navigate(cataloguePaths.categories(sid, value as CategoryType))}
          data={CATEGORY_TYPES.map((value) => ({ value, label: t(`categories.kinds.${value}`) }))}
          data-testid="category-kinds"
          aria-label={t('categories.title')}
        />
      </ScrollArea>
      <QueryState isPending={tree.isPending} error={tree.error} onRetry={() => void tree.refetch()}>
        {(tree.data ?? []).length === 0 ? (
          <Text c="dimmed" data-testid="category-empty">
            {t('categories.empty')}
          </Text>
        ) : (
          <CategoryTree nodes={tree.data ?? []} onAddChild={(parent) => setCreating(parent)} />
        )}
      </QueryState>
      <Modal opened={creating !== undefined} onClose={() => setCreating(undefined)} title={creating ? labelValue(t('categories.newChild'), creating.name) : t('categories.new')}>
        {creating !== undefined ? (
          <CategoryCreateForm key={creating?.id ?? 'root'} type={type} parentId={creating?.id ?? null} onDone={() => setCreating(undefined)} />
        ) : null}
      </Modal>
    </Stack>
  );
}
