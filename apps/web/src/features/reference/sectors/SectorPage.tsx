import { updateSectorBody } from '@app/contracts/catalogue';
import type { SectorCompanyRow } from '@app/contracts/catalogue';
import { Alert, Button, Group, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { updateResource } from '../../../lib/resource/resource';
import { useDeleteResource, useResource, useResourceMutation, useUpdateResource } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { useConfirm } from '../../../ui/ConfirmDialog';
import { DetailPage } from '../../../ui/detail/DetailPage';
import { ResourceForm } from '../../../ui/form/ResourceForm';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { formatDate } from '../../../ui/format';
import { adminPaths } from '../../administration/admin-paths';
import { ActiveBadge } from '../ActiveBadge';
import { catalogueApi, type SectorRow, sectorsResource } from '../catalogue-api';
import { useCatalogueT } from '../catalogue-i18n';
import { cataloguePaths } from '../catalogue-paths';
import { PagedList } from '../PagedList';

/** `mnt/sectors/{action}/{sector}`: a sector's name, code and state, and its companies. */
export function SectorPage() {
  const t = useCatalogueT();
  const { sid } = useCurrentSession();
  const navigate = useNavigate();
  const id = Number(useParams().sector);
  const sector = useResource(sectorsResource, id);
  const row = sector.data;
  const [confirm, confirmElement] = useConfirm();
  const remove = useDeleteResource(sectorsResource);
  const toggle = useResourceMutation(sectorsResource, (active: boolean) => updateResource(sectorsResource, id, { active }), {
    onSuccess: (r) => showToast({ message: r.active ? t('sectors.reactivated') : t('sectors.deactivated'), tone: 'success' }),
  });
  const askDelete = async () => {
    if (!row) return;
    const answer = await confirm({ message: t('sectors.deleteConfirm', { name: row.name }), confirmLabel: t('common.delete') });
    if (!answer.confirmed) return;
    try {
      await remove.mutateAsync(row.id);
      showToast({ message: t('common.deleted'), tone: 'success' });
      navigate(cataloguePaths.sectors(sid));
    } catch (error) {
      showError(error);
    }
  };
  return (
    <DetailPage
      title={row?.name ?? '…'}
      breadcrumbs={[{ label: t('sectors.title'), to: cataloguePaths.sectors(sid) }, { label: row?.name ?? '…' }]}
      query={sector}
      actions={
        row ? (
          <Group gap="xs">
            <Button variant="default" loading={toggle.isPending} onClick={() => toggle.mutateAsync(!row.active).catch(showError)} data-testid="sector-toggle">
              {row.active ? t('sectors.deactivate') : t('sectors.reactivate')}
            </Button>
            <Button color="red" variant="light" onClick={askDelete} data-testid="sector-delete">
              {t('common.delete')}
            </Button>
          </Group>
        ) : null
      }
    >
      {row ? (
        <Stack gap="md">
          <Group gap="xs">
            <ActiveBadge active={row.active} />
          </Group>
          {row.active ? null : <Alert color="gray">{t('sectors.inactiveHint')}</Alert>}
          <SectorEditForm key={`${row.id}:${row.name}:${row.code}`} sector={row} />
          <Title order={3} size="h4">
            {t('sectors.companies')}
          </Title>
          <PagedList<SectorCompanyRow>
            cacheKey={['sector-companies', id]}
            fetch={(filter, signal) => catalogueApi.sectorCompanies(id, filter, signal)}
            testId="sector-company"
            empty={t('sectors.companiesEmpty')}
            rowHref={(c) => adminPaths.company(sid, c.id)}
            rowLabel={(c) => c.name}
            columns={[
              { id: 'name', header: t('common.name'), cell: (c) => c.name, primary: true },
              { id: 'code', header: t('common.code'), cell: (c) => c.code },
              { id: 'town', header: t('sectors.town'), cell: (c) => c.town ?? '—' },
              { id: 'created', header: t('common.created'), cell: (c) => formatDate(c.created_at), hideOnCard: true },
            ]}
          />
          {confirmElement}
        </Stack>
      ) : null}
    </DetailPage>
  );
}

function SectorEditForm({ sector }: { sector: SectorRow }) {
  const t = useCatalogueT();
  const update = useUpdateResource(sectorsResource, sector.id);
  const { form, submitting, formError, onSubmit } = useZodForm({
    schema: updateSectorBody,
    initialValues: { name: sector.name, code: sector.code, description: sector.description ?? '' },
    submit: (values) => update.mutateAsync({ ...values, description: values.description || null }),
    successMessage: t('common.saved'),
  });
  return (
    <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} submitLabel={t('common.save')} data-testid="sector-edit">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('common.name')} required {...form.getInputProps('name')} />
          <TextInput label={t('common.code')} required {...form.getInputProps('code')} />
        </SimpleGrid>
        <Textarea label={t('common.description')} autosize minRows={2} {...form.getInputProps('description')} />
      </Stack>
    </ResourceForm>
  );
}
