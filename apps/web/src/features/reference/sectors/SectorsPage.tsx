import { createSectorBody } from '@app/contracts/catalogue';
import { Button, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { useCreateResource, useDeleteResource, useResourceMutation } from '../../../lib/resource/use-resource';
import { updateResource } from '../../../lib/resource/resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { showToast } from '../../../lib/toast';
import { ResourceForm } from '../../../ui/form/ResourceForm';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { formatDate } from '../../../ui/format';
import { ListPage } from '../../../ui/list/ListPage';
import { ActiveBadge } from '../ActiveBadge';
import { type SectorRow, sectorsResource } from '../catalogue-api';
import { useCatalogueT } from '../catalogue-i18n';
import { cataloguePaths } from '../catalogue-paths';

/** `mnt/sectors/{action}`: every sector, searched and paged; create, deactivate, delete an unused one. */
export function SectorsPage() {
  const t = useCatalogueT();
  const { sid } = useCurrentSession();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteResource(sectorsResource, { onSuccess: () => showToast({ message: t('common.deleted'), tone: 'success' }) });
  const toggle = useResourceMutation(sectorsResource, (row: SectorRow) => updateResource(sectorsResource, row.id, { active: !row.active }), {
    onSuccess: (row) => showToast({ message: row.active ? t('sectors.reactivated') : t('sectors.deactivated'), tone: 'success' }),
  });
  return (
    <>
      <ListPage<SectorRow>
        title={t('sectors.title')}
        resource={sectorsResource}
        testId="sector"
        withTotal
        defaultSort={{ key: 'name', direction: 'asc' }}
        rowHref={(s) => cataloguePaths.sector(sid, s.id)}
        rowLabel={(s) => s.name}
        empty={{ title: t('sectors.empty') }}
        actions={
          <Button onClick={open} data-testid="sector-new">
            {t('sectors.new')}
          </Button>
        }
        columns={[
          { id: 'name', header: t('common.name'), cell: (s) => s.name, sortKey: 'name', primary: true },
          { id: 'code', header: t('common.code'), cell: (s) => s.code, sortKey: 'code' },
          { id: 'active', header: t('common.status'), cell: (s) => <ActiveBadge active={s.active} />, sortKey: 'active' },
          { id: 'created', header: t('common.created'), cell: (s) => formatDate(s.created_at), sortKey: 'created_at', hideOnCard: true },
        ]}
        rowActions={[
          { label: t('sectors.deactivate'), hidden: (s) => !s.active, onClick: (s) => toggle.mutateAsync(s) },
          { label: t('sectors.reactivate'), hidden: (s) => s.active, onClick: (s) => toggle.mutateAsync(s) },
          {
            label: t('common.delete'),
            color: 'red',
            onClick: (s) => remove.mutateAsync(s.id),
            confirm: (s) => ({ message: t('sectors.deleteConfirm', { name: s.name }), confirmLabel: t('common.delete') }),
          },
        ]}
      />
      <Modal opened={opened} onClose={close} title={t('sectors.new')}>
        <SectorCreateForm
          onDone={(row) => {
            close();
            navigate(cataloguePaths.sector(sid, row.id));
          }}
        />
      </Modal>
    </>
  );
}

function SectorCreateForm({ onDone }: { onDone: (row: SectorRow) => void }) {
  const t = useCatalogueT();
  const create = useCreateResource(sectorsResource);
  const { form, submitting, formError, onSubmit } = useZodForm({
    schema: createSectorBody,
    initialValues: { name: '', code: '', description: '' },
    submit: (values) => create.mutateAsync({ ...values, description: values.description || null }),
    onSuccess: onDone,
    successMessage: t('common.created'),
  });
  return (
    <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} data-testid="sector-form">
      <Stack gap="sm">
        <TextInput label={t('common.name')} required data-testid="sector-name" {...form.getInputProps('name')} />
        <TextInput label={t('common.code')} required data-testid="sector-code" {...form.getInputProps('code')} />
        <Textarea label={t('common.description')} autosize minRows={2} {...form.getInputProps('description')} />
      </Stack>
    </ResourceForm>
  );
}
