import { canDo } from '@app/contracts/permissions';
import { createWorkspaceSchema, WORKSPACE_KINDS } from '@app/contracts/structure';
import { Button, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useCreateResource, useDeleteResource, useResourceList } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { ResourceForm } from '../../../ui/form/ResourceForm';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { ListPage } from '../../../ui/list/ListPage';
import { StatusBadge } from '../../../ui/StatusBadge';
import { PinnedLabel, usePinActions } from '../pins/PinControls';
import type { Pinnable } from '../pins/pins';
import { sitesResource, type Workspace, workspacesResource } from '../structure-resources';
import { useStructureT } from '../structure-i18n';
import { structurePath } from '../structure-paths';
import { TargetQrButton } from '../../collection/targets/TargetQrButton';
import { useTargetQr } from '../../collection/targets/TargetQrModal';
import { downloadTargetSheet } from '../../collection/targets/targets.api';
import { useTargetsT } from '../../collection/targets/targets-i18n';

/** `{action}/workspaces`: places of work inside the sites (agents only). */
export function WorkspacesPage() {
  const t = useStructureT();
  const { sid, account } = useCurrentSession();
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteResource(workspacesResource);
  const pinActions = usePinActions<Workspace & Pinnable>('workspaces', workspacesResource);
  const can = (action: string) => (account ? canDo(account.permissions, 'workspaces', action) : false);
  const kinds = WORKSPACE_KINDS.map((k) => ({ value: k, label: t(`workspaces.kinds.${k}`) }));
  const tq = useTargetsT();
  const qr = useTargetQr();
  return (
    <>
      {qr.modal}
      <ListPage<Workspace & Pinnable>
        title={t('workspaces.title')}
        resource={workspacesResource}
        testId="workspace"
        query={{ includes: ['site'] }}
        defaultSort={{ key: 'name', direction: 'asc' }}
        filters={[{ key: 'kind', label: t('workspaces.kind'), options: kinds }]}
        rowHref={(w) => structurePath.workspace(sid, w.id)}
        rowLabel={(w) => w.name}
        actions={
          can('create') ? (
            <Button onClick={open} data-testid="workspace-new">
              {t('workspaces.new')}
            </Button>
          ) : null
        }
        columns={[
          { id: 'name', header: t('common.name'), cell: (w) => <PinnedLabel pinned={w.pinned}>{w.name}</PinnedLabel>, sortKey: 'name', primary: true },
          { id: 'code', header: t('common.code'), cell: (w) => w.code, sortKey: 'code' },
          { id: 'site', header: t('common.site'), cell: (w) => w.site?.name ?? '—' },
          { id: 'kind', header: t('workspaces.kind'), cell: (w) => t(`workspaces.kinds.${w.kind}`, { defaultValue: w.kind }) },
          { id: 'status', header: t('common.status'), cell: (w) => <StatusBadge status={w.status} /> },
          ...(can('show')
            ? [{ id: 'qr', header: tq('qr.action'), cell: (w: Workspace) => <TargetQrButton name={w.name} onOpen={() => qr.open('workspace', w.id, w.name)} testId="workspace-row-qr" /> }]
            : []),
        ]}
        bulkActions={can('show') ? [{ label: tq('qr.printSelected'), onClick: (rows) => downloadTargetSheet('workspace', { ids: rows.map((w) => w.id) }) }] : []}
        rowActions={[
          ...pinActions,
          ...(can('delete')
            ? [
                {
                  label: t('common.delete'),
                  color: 'red',
                  onClick: (w: Workspace) => remove.mutateAsync(w.id),
                  confirm: (w: Workspace) => ({ message: t('common.deleteConfirm', { name: w.name }), confirmLabel: t('common.delete') }),
                },
              ]
            : []),
        ]}
      />
      <Modal opened={opened} onClose={close} title={t('workspaces.new')}>
        <WorkspaceForm onDone={close} />
      </Modal>
    </>
  );
}

/** A new workspace, optionally for a given site. */
export function WorkspaceForm({ onDone, siteId }: { onDone: () => void; siteId?: number }) {
  const t = useStructureT();
  const sites = useResourceList(sitesResource, { limit: 200, sort: [{ key: 'name', direction: 'asc' }] });
  const create = useCreateResource(workspacesResource);
  const { form, submitting, formError, onSubmit } = useZodForm({
    schema: createWorkspaceSchema,
    initialValues: { name: '', code: '', site_id: siteId ?? (null as number | null), kind: 'counter' },
    submit: (values) => create.mutateAsync(values),
    onSuccess: onDone,
    successMessage: t('common.created'),
  });
  return (
    <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} data-testid="workspace-form">
      <Stack gap="sm">
        <TextInput label={t('common.name')} required data-testid="workspace-name" {...form.getInputProps('name')} />
        <TextInput label={t('common.code')} required data-testid="workspace-code" {...form.getInputProps('code')} />
        <Select
          label={t('common.site')}
          required
          searchable
          data-testid="workspace-site"
          data={(sites.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          error={form.errors.site_id}
          value={form.getValues().site_id == null ? null : String(form.getValues().site_id)}
          onChange={(value) => form.setFieldValue('site_id', value ? Number(value) : null)}
        />
        <Select
          label={t('workspaces.kind')}
          data={WORKSPACE_KINDS.map((k) => ({ value: k, label: t(`workspaces.kinds.${k}`) }))}
          {...form.getInputProps('kind')}
        />
      </Stack>
    </ResourceForm>
  );
}

