import { type CategoryType, createCategoryBody } from '@app/contracts/catalogue';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCreateResource, useCacheScope } from '../../../lib/resource/use-resource';
import { ResourceForm } from '../../../ui/form/ResourceForm';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { type CategoryRow, categoriesResource, catalogueKeys } from '../catalogue-api';
import { useCatalogueT } from '../catalogue-i18n';
import { CategorySelect } from './CategorySelect';

/** A new category of `type`, under `parentId` when given (the parent stays changeable). */
export function CategoryCreateForm({ type, parentId, onDone }: { type: CategoryType; parentId: number | null; onDone: (row: CategoryRow) => void }) {
  const t = useCatalogueT();
  const scope = useCacheScope();
  const client = useQueryClient();
  const create = useCreateResource(categoriesResource, {
    onSuccess: () => void client.invalidateQueries({ queryKey: catalogueKeys.all(scope) }),
  });
  const { form, submitting, formError, onSubmit } = useZodForm({
    schema: createCategoryBody,
    initialValues: { type, name: '', code: '', description: '', parent_id: parentId as number | null },
    submit: (values) => create.mutateAsync({ ...values, description: values.description || null }),
    onSuccess: onDone,
    successMessage: t('common.created'),
  });
  return (
    <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} data-testid="category-form">
      <Stack gap="sm">
        <TextInput label={t('common.name')} required data-testid="category-name" {...form.getInputProps('name')} />
        <TextInput label={t('common.code')} required data-testid="category-code" {...form.getInputProps('code')} />
        <Textarea label={t('common.description')} autosize minRows={2} {...form.getInputProps('description')} />
        <CategorySelect
          type={type}
          includeInactive
          label={t('categories.parent')}
          placeholder={t('categories.noParent')}
          value={form.getValues().parent_id}
          onChange={(id) => form.setFieldValue('parent_id', id)}
          error={form.errors.parent_id}
          data-testid="category-parent"
        />
      </Stack>
    </ResourceForm>
  );
}
