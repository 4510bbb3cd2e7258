import { canDo } from '@app/contracts/permissions';
import { AUDIENCE_POPULATIONS, type AudienceRule, createAudienceSchema, createSubAudienceSchema } from '@app/contracts/structure';
import { Badge, Button, Card, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../../lib/api-client';
import { defineResource } from '../../../lib/resource/resource';
import { useCreateResource, useDeleteResource, useResource } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { DetailPage } from '../../../ui/detail/DetailPage';
import { ResourceForm } from '../../../ui/form/ResourceForm';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { ListPage, ResourceList } from '../../../ui/list/ListPage';
import { type Audience, audiencesResource } from '../structure-resources';
import { PinButton, PinnedLabel, usePinActions } from '../pins/PinControls';
import { useStructureT } from '../structure-i18n';
import { structurePath } from '../structure-paths';
import { useTargetQr } from '../../collection/targets/TargetQrModal';
import { useTargetsT } from '../../collection/targets/targets-i18n';
import { RuleBuilder } from './RuleBuilder';

/** `{action}/audience`: the company's audiences with the number of people each reaches. */
export function AudiencesPage() {
  const t = useStructureT();
  const { sid, account } = useCurrentSession();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteResource(audiencesResource);
  const pinActions = usePinActions<Audience>('audiences', audiencesResource);
  const can = (action: string) => (account ? canDo(account.permissions, 'audiences', action) : false);
  const tq = useTargetsT();
  const qr = useTargetQr();
  return (
    <>
      {qr.modal}
      <ListPage<Audience>
        title={t('audiences.title')}
        resource={audiencesResource}
        testId="audience"
        query={{ filter_groups: [{ filters: [{ key: 'parent_id', operator: 'eq', value: null }] }] }}
        defaultSort={{ key: 'name', direction: 'asc' }}
        rowHref={(a) => structurePath.audience(sid, a.id)}
        rowLabel={(a) => a.name}
        actions={
          can('create') ? (
            <Button onClick={open} data-testid="audience-new">
              {t('audiences.new')}
            </Button>
          ) : null
        }
        columns={[
          { id: 'name', header: t('common.name'), cell: (a) => <PinnedLabel pinned={a.pinned}>{a.name}</PinnedLabel>, sortKey: 'name', primary: true },
          { id: 'population', header: t('audiences.population'), cell: (a) => t(`audiences.populations.${a.population}`) },
          { id: 'count', header: t('audiences.count'), cell: (a) => <span data-testid="audience-count">{a.member_count}</span> },
        ]}
        rowActions={[
          ...pinActions,
          ...(can('show') ? [{ label: tq('qr.action'), onClick: (a: Audience) => qr.open('audience', a.id, a.name) }] : []),
          ...(can('delete')
            ? [
                {
                  label: t('common.delete'),
                  color: 'red',
                  onClick: (a: Audience) => remove.mutateAsync(a.id),
                  confirm: (a: Audience) => ({ message: t('common.deleteConfirm', { name: a.name }), confirmLabel: t('common.delete') }),
                },
              ]
            : []),
        ]}
      />
      <Modal opened={opened} onClose={close} title={t('audiences.new')}>
        <AudienceForm
          onDone={(a) => {
            close();
            navigate(structurePath.audience(sid, a.id));
          }}
        />
      </Modal>
    </>
  );
}

function AudienceForm({ onDone }: { onDone: (a: Audience) => void }) {
  const t = useStructureT();
  const create = useCreateResource(audiencesResource);
  const { form, submitting, formError, onSubmit } = useZodForm({
    schema: createAudienceSchema,
    initialValues: { name: '', description: '', population: 'agents' },
    submit: (values) => create.mutateAsync(values),
    onSuccess: onDone,
    successMessage: t('common.created'),
  });
  return (
    <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} data-testid="audience-form">
      <Stack gap="sm">
        <TextInput label={t('common.name')} required data-testid="audience-name" {...form.getInputProps('name')} />
        <TextInput label={t('common.description')} {...form.getInputProps('description')} />
        <Select
          label={t('audiences.population')}
          data={AUDIENCE_POPULATIONS.map((p) => ({ value: p, label: t(`audiences.populations.${p}`) }))}
          {...form.getInputProps('population')}
        />
      </Stack>
    </ResourceForm>
  );
}

/** `{action}/audience/{id}/sub[/{mode}]`: an audience, its sub-audiences and their counts. */
export function AudienceDetailPage() {
  const t = useStructureT();
  const { sid, account } = useCurrentSession();
  const params = useParams();
  const id = Number(params.id);
  const audience = useResource(audiencesResource, id);
  const [opened, { open, close }] = useDisclosure(false);
  const canCreate = account ? canDo(account.permissions, 'audiences', 'create') : false;
  const mode = params.mode === 'static' || params.mode === 'rule' ? params.mode : null;
  const subs = defineResource<Audience>(`audiences/${id}/sub${mode ? `/${mode}` : ''}`, { key: 'audiences' });
  const row = audience.data;
  return (
    <DetailPage
      title={row?.name ?? '…'}
      breadcrumbs={[{ label: t('audiences.title'), to: structurePath.audiences(sid) }, { label: row?.name ?? '…' }]}
      query={audience}
      actions={
        row ? (
          <>
            <PinButton type="audiences" id={row.id} pinned={Boolean(row.pinned)} resource={audiencesResource} />
            {canCreate ? (
              <Button onClick={open} data-testid="sub-new">
                {t('audiences.newRule')}
              </Button>
            ) : null}
          </>
        ) : null
      }
    >
      {row ? (
        <Stack gap="md">
          <Card withBorder>
            <Group justify="space-between">
              <Text>{t(`audiences.populations.${row.population}`)}</Text>
              <Badge size="lg" data-testid="audience-member-count">
                {t('audiences.memberCount', { count: row.member_count })}
              </Badge>
            </Group>
          </Card>
          <Title order={2} size="h4">
            {t('audiences.subs')}
          </Title>
          <ResourceList<Audience>
            resource={subs}
            testId="sub"
            searchable={false}
            defaultSort={{ key: 'name', direction: 'asc' }}
            rowHref={(a) => structurePath.audience(sid, a.id)}
            rowLabel={(a) => a.name}
            columns={[
              { id: 'name', header: t('common.name'), cell: (a) => a.name, primary: true },
              { id: 'mode', header: t('audiences.mode'), cell: (a) => t(`audiences.modes.${a.mode}`) },
              { id: 'count', header: t('audiences.count'), cell: (a) => <span data-testid="sub-count">{a.member_count}</span> },
            ]}
          />
          <Modal opened={opened} onClose={close} title={t('audiences.newRule')} size="xl">
            <SubAudienceForm parent={row} onDone={close} />
          </Modal>
        </Stack>
      ) : null}
    </DetailPage>
  );
}

function SubAudienceForm({ parent, onDone }: { parent: Audience; onDone: () => void }) {
  const t = useStructureT();
  const client = useQueryClient();
  const [rule, setRule] = useState<AudienceRule>({ match: 'all', conditions: [{ field: 'zone', operator: 'in', values: [] }] });
  const { form, submitting, formError, onSubmit } = useZodForm({
    schema: createSubAudienceSchema,
    initialValues: { name: '', description: '' },
    submit: (values) => api.post<Audience>(`audiences/${parent.id}/sub/rule`, { ...values, rule }),
    onSuccess: async () => {
      await client.invalidateQueries();
      onDone();
    },
    successMessage: t('common.created'),
  });
  return (
    <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} data-testid="sub-form">
      <Stack gap="sm">
        <TextInput label={t('common.name')} required data-testid="sub-name" {...form.getInputProps('name')} />
        <RuleBuilder population={parent.population} value={rule} onChange={setRule} />
        {form.errors.rule ? <Text c="red">{String(form.errors.rule)}</Text> : null}
      </Stack>
    </ResourceForm>
  );
}
