import { roleInputSchema } from '@app/contracts/company';
import { Badge, Button, Modal, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { actOnResource, deleteResource } from '../../../lib/resource/resource';
import { useCreateResource, useResourceMutation } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { ResourceForm } from '../../../ui/form/ResourceForm';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { ListPage } from '../../../ui/list/ListPage';
import type { ListColumn } from '../../../ui/list/list.types';
import { StatusBadge } from '../../../ui/StatusBadge';
import { useCompanyT, roleName } from '../company-i18n';
import { rolePath } from '../company-paths';
import { type RoleRow, rolesResource } from '../tenancy.resources';
import { useCan } from '../use-can';

function NewRoleModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useCompanyT();
  const { sid } = useCurrentSession();
  const navigate = useNavigate();
  const create = useCreateResource(rolesResource);
  const { form, submitting, formError, onSubmit } = useZodForm({
    schema: roleInputSchema,
    initialValues: { name: '', description: '' },
    submit: (values) => create.mutateAsync(values),
    successMessage: t('roleCreated'),
    onSuccess: (role) => {
      onClose();
      navigate(rolePath(sid, role.id));
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('newRole')} centered>
      <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} submitLabel={t('newRole')} data-testid="new-role-form">
        <TextInput label={t('roleName')} required {...form.getInputProps('name')} data-testid="role-name" />
        <Textarea label={t('roleDescription')} autosize minRows={2} {...form.getInputProps('description')} />
      </ResourceForm>
    </Modal>
  );
}

/** `business/roles`: the company's roles and the platform's, with the custom ones editable. */
export function RolesPage() {
  const { t } = useCompanyT();
  const { sid } = useCurrentSession();
  const can = useCan();
  const [creating, setCreating] = useState(false);
  const changeState = useResourceMutation(rolesResource, (row: RoleRow) =>
    actOnResource(rolesResource, row.id, 'changestate', { state: row.state === 'active' ? 'inactive' : 'active' }),
  );
  const remove = useResourceMutation(rolesResource, (id: number) => deleteResource(rolesResource, id));
  const own = (row: RoleRow) => row.company_id !== null && !row.is_owner;
  const columns: ListColumn<RoleRow>[] = [
    { id: 'name', header: t('roleName'), primary: true, sortKey: 'name', cell: (row) => roleName(t, row) },
    {
      id: 'kind',
      header: t('roleDescription'),
      cell: (row) =>
        row.company_id === null ? (
          <Badge variant="outline" color="gray" size="sm">
            {t('global')}
          </Badge>
        ) : row.is_owner ? (
          t('owner')
        ) : (
          (row.description ?? '')
        ),
    },
    { id: 'state', header: t('status'), cell: (row) => <StatusBadge status={row.state} /> },
  ];
  return (
    <>
      <ListPage<RoleRow>
        title={t('rolesTitle')}
        resource={rolesResource}
        testId="roles"
        defaultSort={{ key: 'name', direction: 'asc' }}
        actions={
          can('roles', 'create') ? (
            <Button onClick={() => setCreating(true)} data-testid="new-role">
              {t('newRole')}
            </Button>
          ) : null
        }
        columns={columns}
        rowHref={can('roles', 'show') ? (row) => rolePath(sid, row.id) : undefined}
        rowLabel={(row) => roleName(t, row)}
        rowActions={[
          {
            label: t('deactivate'),
            hidden: (row) => !own(row) || row.state !== 'active' || !can('roles', 'changestate'),
            onClick: (row) => changeState.mutateAsync(row),
          },
          {
            label: t('activate'),
            hidden: (row) => !own(row) || row.state !== 'inactive' || !can('roles', 'changestate'),
            onClick: (row) => changeState.mutateAsync(row),
          },
          {
            label: t('deleteRole'),
            color: 'red',
            hidden: (row) => !own(row) || !can('roles', 'delete'),
            confirm: (row) => ({ message: t('deleteRoleConfirm', { name: row.name }), confirmLabel: t('deleteRole') }),
            onClick: (row) => remove.mutateAsync(row.id),
          },
        ]}
      />
      <NewRoleModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
