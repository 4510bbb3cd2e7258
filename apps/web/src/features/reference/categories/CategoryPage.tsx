import { type CategoryType, categoryTypeOfSegment, updateCategoryBody } from '@app/contracts/catalogue';
import { Alert, Anchor, Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { updateResource } from '../../../lib/resource/resource';
import { useCacheScope, useDeleteResource, useResource, useResourceMutation, useUpdateResource } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { useConfirm } from '../../../ui/ConfirmDialog';
import { DetailPage } from '../../../ui/detail/DetailPage';
import { ResourceForm } from '../../../ui/form/ResourceForm';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { ActiveBadge } from '../ActiveBadge';
import { type CategoryRow, categoriesResource, catalogueKeys, flattenTree, useCategoryTree } from '../catalogue-api';
import { useCatalogueT } from '../catalogue-i18n';
import { cataloguePaths } from '../catalogue-paths';
import { CategoryCreateForm } from './CategoryCreateForm';
import { CategoryFeatures } from './CategoryFeatures';
import { CategoryObjects } from './CategoryObjects';
import { CategorySelect } from './CategorySelect';
import { useLabelValue } from '../../../ui/LabelValue';

/**
 * `mnt/categories/{action}/{kind}/{category}`: a category's name, parent and state, its
 * subcategories, the records filed under it and, for a category of companies, the
 * features it gives by default.
 */
export function CategoryPage() {
  const t = useCatalogueT();
  const labelValue = useLabelValue();
  const { sid } = useCurrentSession();
  const navigate = useNavigate();
  const params = useParams();
  const kind = categoryTypeOfSegment(params.kind);
  const id = Number(params.category);
  const category = useResource(categoriesResource, id, { includes: ['parent'] });
  const row = category.data;
  const scope = useCacheScope();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: catalogueKeys.all(scope) });
  const [confirm, confirmElement] = useConfirm();
  const [adding, setAdding] = useState(false);
  const remove = useDeleteResource(categoriesResource);
  const toggle = useResourceMutation(categoriesResource, (active: boolean) => updateResource(categoriesResource, id, { active }), { onSuccess: () => void refresh() });
  if (!kind) return <Navigate to={cataloguePaths.categories(sid, 'template')} replace />;
  // The address names another kind than the category's: go to the right one.
  if (row && row.type !== kind) return <Navigate to={cataloguePaths.category(sid, row.type, row.id)} replace />;
  const askDelete = async () => {
    if (!row) return;
    const answer = await confirm({ message: t('categories.deleteConfirm', { name: row.name }), confirmLabel: t('common.delete') });
    if (!answer.confirmed) return;
    try {
      await remove.mutateAsync(row.id);
      await refresh();
      showToast({ message: t('common.deleted'), tone: 'success' });
      navigate(cataloguePaths.categories(sid, kind));
    } catch (error) {
      showError(error);
    }
  };
  const kindLabel = t(`categories.kinds.${kind}`);
  return (
    <DetailPage
      title={row?.name ?? '…'}
      breadcrumbs={[
        { label: `${t('categories.title')} · ${kindLabel}`, to: cataloguePaths.categories(sid, kind) },
        ...(row?.parent ? [{ label: row.parent.name, to: cataloguePaths.category(sid, kind, row.parent.id) }] : []),
        { label: row?.name ?? '…' },
      ]}
      query={category}
      actions={
        row ? (
          <Group gap="xs">
            <Button variant="default" loading={toggle.isPending} onClick={() => toggle.mutateAsync(!row.active).catch(showError)} data-testid="category-toggle">
              {row.active ? t('sectors.deactivate') : t('sectors.reactivate')}
            </Button>
            <Button color="red" variant="light" onClick={askDelete} data-testid="category-delete">
              {t('common.delete')}
            </Button>
          </Group>
        ) : null
      }
      tabs={
        row
          ? [
              { value: 'objects', label: t('categories.objects'), content: <CategoryObjects id={row.id} type={row.type} name={row.name} /> },
              { value: 'children', label: t('categories.children'), content: <Children row={row} onAdd={() => setAdding(true)} /> },
              { value: 'features', label: t('categories.features'), hidden: row.type !== 'company', content: <CategoryFeatures id={row.id} /> },
            ]
          : undefined
      }
    >
      {row ? (
        <Stack gap="md">
          <Group gap="xs">
            <ActiveBadge active={row.active} feminine />
            <Text size="sm" c="dimmed">
              {kindLabel}
            </Text>
          </Group>
          <CategoryEditForm key={`${row.id}:${row.name}:${row.code}:${row.parent_id}`} category={row} />
          {confirmElement}
          <Modal opened={adding} onClose={() => setAdding(false)} title={labelValue(t('categories.newChild'), row.name)}>
            {adding ? <CategoryCreateForm type={row.type} parentId={row.id} onDone={() => setAdding(false)} /> : null}
          </Modal>
        </Stack>
      ) : null}
    </DetailPage>
  );
}

function Children({ row, onAdd }: { row: CategoryRow; onAdd: () => void }) {
  const t = useCatalogueT();
  const { sid } = useCurrentSession();
  const tree = useCategoryTree(row.type);
  const node = flattenTree(tree.data ?? []).find(({ node: n }) => n.id === row.id)?.node;
  const children = node?.children ?? [];
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button variant="default" onClick={onAdd} data-testid="category-child-new">
          {t('categories.newChild')}
        </Button>
      </Group>
      {children.length === 0 ? (
        <Text c="dimmed">{t('categories.childrenEmpty')}</Text>
      ) : (
        children.map((child) => (
          <Group key={child.id} gap="xs" data-testid="category-child">
            <Anchor component={Link} to={cataloguePaths.category(sid, child.type, child.id)}>
              {child.name}
            </Anchor>
            {child.active ? null : <ActiveBadge active={false} feminine />}
          </Group>
        ))
      )}
    </Stack>
  );
}

function CategoryEditForm({ category }: { category: CategoryRow }) {
  const t = useCatalogueT();
  const scope = useCacheScope();
  const client = useQueryClient();
  const update = useUpdateResource(categoriesResource, category.id, { onSuccess: () => void client.invalidateQueries({ queryKey: catalogueKeys.all(scope) }) });
  const { form, submitting, formError, onSubmit } = useZodForm({
    schema: updateCategoryBody,
    initialValues: { name: category.name, code: category.code, description: category.description ?? '', parent_id: category.parent_id },
    submit: (values) => update.mutateAsync({ ...values, description: values.description || null }),
    successMessage: t('common.saved'),
  });
  return (
    <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} submitLabel={t('common.save')} data-testid="category-edit">
      <Stack gap="sm">
        {category.active ? null : <Alert color="gray">{t('sectors.inactiveHint')}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('common.name')} required {...form.getInputProps('name')} />
          <TextInput label={t('common.code')} required {...form.getInputProps('code')} />
        </SimpleGrid>
        <Textarea label={t('common.description')} autosize minRows={2} {...form.getInputProps('description')} />
        <CategorySelect
          type={category.type as CategoryType}
          includeInactive
          exclude={category.id}
          label={t('categories.parent')}
          placeholder={t('categories.noParent')}
          value={form.getValues().parent_id ?? null}
          onChange={(v) => form.setFieldValue('parent_id', v)}
          error={form.errors.parent_id}
          data-testid="category-edit-parent"
        />
      </Stack>
    </ResourceForm>
  );
}
