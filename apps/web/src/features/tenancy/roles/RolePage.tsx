import { roleUpdateSchema } from '@app/contracts/company';
import { Alert, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { actOnResource, deleteResource } from '../../../lib/resource/resource';
import { useResource, useResourceMutation, useUpdateResource } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { ConfirmButton } from '../../../ui/ConfirmDialog';
import { DetailPage } from '../../../ui/detail/DetailPage';
import { ResourceForm } from '../../../ui/form/ResourceForm';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { StatusBadge } from '../../../ui/StatusBadge';
import { useCompanyT, roleDescription, roleName } from '../company-i18n';
import { rolesPath } from '../company-paths';
import { type RoleRow, rolesResource } from '../tenancy.resources';
import { useCan } from '../use-can';
import { PermissionMatrix } from './PermissionMatrix';

function RoleDetails({ role, editable }: { role: RoleRow; editable: boolean }) {
  const { t } = useCompanyT();
  const update = useUpdateResource(rolesResource, role.id);
  const { form, submitting, formError, onSubmit } = useZodForm({
    schema: roleUpdateSchema,
    initialValues: { name: role.name, description: role.description ?? '' },
    submit: (values) => update.mutateAsync(values),
    successMessage: t('saved'),
  });
  if (!editable) {
    const description = roleDescription(t, role);
    return description ? <Text size="sm">{description}</Text> : null;
  }
  return (
    <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} data-testid="role-form">
      <TextInput label={t('roleName')} required {...form.getInputProps('name')} />
      <Textarea label={t('roleDescription')} autosize minRows={2} {...form.getInputProps('description')} />
    </ResourceForm>
  );
}

function RolePermissions({ role, editable }: { role: RoleRow; editable: boolean }) {
  const { t } = useCompanyT();
  const can = useCan();
  const [busy, setBusy] = useState<Set<string>>(new Set());
  // The box shows the asked state at once; the server's answer confirms or reverts it.
  const [asked, setAsked] = useState<Map<string, boolean>>(new Map());
  const permissions = useQuery({
    queryKey: ['resource', 'role-permissions', role.id],
    queryFn: () => api.get<{ permissions: Array<{ slug: string }> }>(`roles/${role.id}/getpermissions`),
  });
  const saved = new Set((permissions.data?.permissions ?? []).map((p) => p.slug));
  const granted = new Set(saved);
  for (const [slug, grant] of asked) {
    if (grant) granted.add(slug);
    else granted.delete(slug);
  }
  const toggle = async (slug: string, grant: boolean, label: string) => {
    setBusy((current) => new Set(current).add(slug));
    setAsked((current) => new Map(current).set(slug, grant));
    try {
      await api.post(`roles/${role.id}/${grant ? 'assignpermission' : 'removepermission'}`, { permission: slug });
      await permissions.refetch();
      showToast({ message: t(grant ? 'permissionAdded' : 'permissionRemoved', { label }), tone: 'success' });
    } catch (error) {
      showError(error);
    } finally {
      setAsked((current) => {
        const next = new Map(current);
        next.delete(slug);
        return next;
      });
      setBusy((current) => {
        const next = new Set(current);
        next.delete(slug);
        return next;
      });
    }
  };
  const readOnly = !editable || role.is_owner || !can('roles', 'assignpermission') || !can('roles', 'removepermission');
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t('permissions')}
        </Title>
        <Text size="sm" c="dimmed" data-testid="role-permission-count">
          {role.is_owner ? t('owner') : t('permissionsCount', { count: saved.size })}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {readOnly ? t('matrixReadOnly') : t('matrixHelp')}
      </Text>
      {permissions.isError ? <Alert color="red">{permissions.error.message}</Alert> : null}
      <PermissionMatrix granted={granted} busy={busy} readOnly={readOnly || permissions.isPending} onToggle={(slug, grant, label) => void toggle(slug, grant, label)} />
    </Card>
  );
}

/** `business/roles/{role}`: a role's name, state and permission matrix. */
export function RolePage({ id }: { id: number }) {
  const { t } = useCompanyT();
  const { sid } = useCurrentSession();
  const navigate = useNavigate();
  const can = useCan();
  const role = useResource(rolesResource, id);
  const changeState = useResourceMutation(rolesResource, (next: 'active' | 'inactive') => actOnResource(rolesResource, id, 'changestate', { state: next }), {
    onSuccess: () => showToast({ message: t('stateChanged'), tone: 'success' }),
  });
  const remove = useResourceMutation(rolesResource, () => deleteResource(rolesResource, id), {
    onSuccess: () => {
      showToast({ message: t('roleDeleted'), tone: 'success' });
      navigate(rolesPath(sid));
    },
  });
  const row = role.data;
  const own = row ? row.company_id !== null : false;
  const actions =
    row && own ? (
      <Group gap="xs">
        {can('roles', 'changestate') && !row.is_owner ? (
          <Button
            variant="light"
            loading={changeState.isPending}
            onClick={() => changeState.mutateAsync(row.state === 'active' ? 'inactive' : 'active').catch(showError)}
            data-testid="role-changestate"
          >
            {row.state === 'active' ? t('deactivate') : t('activate')}
          </Button>
        ) : null}
        {can('roles', 'delete') && !row.is_owner ? (
          <ConfirmButton confirm={{ message: t('deleteRoleConfirm', { name: row.name }), confirmLabel: t('deleteRole') }} onConfirm={() => remove.mutateAsync(undefined)}>
            {t('deleteRole')}
          </ConfirmButton>
        ) : null}
      </Group>
    ) : null;
  return (
    <DetailPage
      title={row ? roleName(t, row) : t('rolesTitle')}
      breadcrumbs={[{ label: t('rolesTitle'), to: rolesPath(sid) }, { label: row ? roleName(t, row) : '…' }]}
      description={row ? <StatusBadge status={row.state} /> : null}
      actions={actions}
      query={role}
    >
      {row ? (
        <Stack gap="md" data-testid="role-page">
          {own ? null : <Text size="sm" c="dimmed">{t('global')}</Text>}
          <RoleDetails key={row.id} role={row} editable={own && can('roles', 'update')} />
          <RolePermissions role={row} editable={own} />
        </Stack>
      ) : null}
    </DetailPage>
  );
}
