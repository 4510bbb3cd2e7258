import { canDo } from '@app/contracts/permissions';
import { createGroupSchema } from '@app/contracts/structure';
import { Button, Group as Row, Modal, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { api } from '../../../lib/api-client';
import { defineResource } from '../../../lib/resource/resource';
import { useCreateResource, useDeleteResource, useResource, useResourceList } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { DetailPage } from '../../../ui/detail/DetailPage';
import { ResourceForm } from '../../../ui/form/ResourceForm';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { ListPage, ResourceList } from '../../../ui/list/ListPage';
import { type AgentRow, agentName, agentsResource, type Group, groupsResource, sitesResource } from '../structure-resources';
import { PinButton, PinnedLabel, usePinActions } from '../pins/PinControls';
import { useStructureT } from '../structure-i18n';
import { structurePath } from '../structure-paths';
import { useTargetQr } from '../../collection/targets/TargetQrModal';
import { useTargetsT } from '../../collection/targets/targets-i18n';
import { LabelValue } from '../../../ui/LabelValue';

/** `{action}/groups`: teams of agents, optionally attached to a site. */
export function GroupsPage() {
  const t = useStructureT();
  const { sid, account } = useCurrentSession();
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteResource(groupsResource);
  const pinActions = usePinActions<Group>('groups', groupsResource);
  const can = (action: string) => (account ? canDo(account.permissions, 'groups', action) : false);
  const tq = useTargetsT();
  const qr = useTargetQr();
  return (
    <>
      {qr.modal}
      <ListPage<Group>
        title={t('groups.title')}
        resource={groupsResource}
        testId="group"
        query={{ includes: ['site'] }}
        defaultSort={{ key: 'name', direction: 'asc' }}
        rowHref={(g) => structurePath.group(sid, g.id)}
        rowLabel={(g) => g.name}
        actions={
          can('create') ? (
            <Button onClick={open} data-testid="group-new">
              {t('groups.new')}
            </Button>
          ) : null
        }
        columns={[
          { id: 'name', header: t('common.name'), cell: (g) => <PinnedLabel pinned={g.pinned}>{g.name}</PinnedLabel>, sortKey: 'name', primary: true },
          { id: 'site', header: t('common.site'), cell: (g) => g.site?.name ?? '—' },
          { id: 'description', header: t('common.description'), cell: (g) => g.description ?? '', hideOnCard: true },
        ]}
        rowActions={[
          ...pinActions,
          ...(can('show') ? [{ label: tq('qr.action'), onClick: (g: Group) => qr.open('group', g.id, g.name) }] : []),
          ...(can('delete')
            ? [
                {
                  label: t('common.delete'),
                  color: 'red',
                  onClick: (g: Group) => remove.mutateAsync(g.id),
                  confirm: (g: Group) => ({ message: t('common.deleteConfirm', { name: g.name }), confirmLabel: t('common.delete') }),
                },
              ]
            : []),
        ]}
      />
      <Modal opened={opened} onClose={close} title={t('groups.new')}>
        <GroupForm onDone={close} />
      </Modal>
    </>
  );
}

function GroupForm({ onDone }: { onDone: () => void }) {
  const t = useStructureT();
  const sites = useResourceList(sitesResource, { limit: 200, sort: [{ key: 'name', direction: 'asc' }] });
  const create = useCreateResource(groupsResource);
  const { form, submitting, formError, onSubmit } = useZodForm({
    schema: createGroupSchema,
    initialValues: { name: '', description: '', site_id: null as number | null },
    submit: (values) => create.mutateAsync(values),
    onSuccess: onDone,
    successMessage: t('common.created'),
  });
  return (
    <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} data-testid="group-form">
      <Stack gap="sm">
        <TextInput label={t('common.name')} required data-testid="group-name" {...form.getInputProps('name')} />
        <TextInput label={t('common.description')} {...form.getInputProps('description')} />
        <Select
          label={t('common.site')}
          clearable
          searchable
          data-testid="group-site"
          data={(sites.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={form.getValues().site_id == null ? null : String(form.getValues().site_id)}
          onChange={(value) => form.setFieldValue('site_id', value ? Number(value) : null)}
        />
      </Stack>
    </ResourceForm>
  );
}

/** `{action}/groups/{group}`: a group and its members. */
export function GroupDetailPage() {
  const t = useStructureT();
  const { sid, account } = useCurrentSession();
  const id = Number(useParams().group);
  const group = useResource(groupsResource, id, { includes: ['site'] });
  const canEdit = account ? canDo(account.permissions, 'groups', 'update') : false;
  const agents = useResourceList(agentsResource, { limit: 200 }, { enabled: canEdit });
  const [chosen, setChosen] = useState<string[]>([]);
  const client = useQueryClient();
  const members = defineResource<AgentRow>(`groups/${id}/agents`, { key: 'groups' });
  const add = async () => {
    await api.post(`groups/${id}/agents`, { agent_ids: chosen.map(Number) });
    setChosen([]);
    await client.invalidateQueries();
  };
  return (
    <DetailPage
      title={group.data?.name ?? '…'}
      breadcrumbs={[{ label: t('groups.title'), to: structurePath.groups(sid) }, { label: group.data?.name ?? '…' }]}
      query={group}
      actions={group.data ? <PinButton type="groups" id={group.data.id} pinned={Boolean(group.data.pinned)} resource={groupsResource} /> : null}
    >
      <Stack gap="sm">
        {group.data?.site ? <Text>
          <LabelValue label={t('common.site')}>{group.data.site.name}</LabelValue>
        </Text> : null}
        {canEdit ? (
          <Row align="end">
            <MultiSelect
              label={t('groups.addMembers')}
              searchable
              data={(agents.data?.data ?? []).map((a) => ({ value: String(a.id), label: agentName(a) }))}
              value={chosen}
              onChange={setChosen}
              miw={280}
            />
            <Button onClick={add} disabled={chosen.length === 0}>
              {t('common.add')}
            </Button>
          </Row>
        ) : null}
        <ResourceList<AgentRow>
          resource={members}
          testId="group-member"
          defaultSort={{ key: 'last_name', direction: 'asc' }}
          rowLabel={agentName}
          columns={[
            { id: 'name', header: t('common.name'), cell: agentName, primary: true },
            { id: 'job', header: t('job'), cell: (a) => a.job ?? '—' },
          ]}
        />
      </Stack>
    </DetailPage>
  );
}
