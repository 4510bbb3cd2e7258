import { canDo } from '@app/contracts/permissions';
import { createPoleSchema } from '@app/contracts/structure';
import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { api } from '../../../lib/api-client';
import { useCreateResource, useResource } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { useConfirm } from '../../../ui/ConfirmDialog';
import { DetailPage } from '../../../ui/detail/DetailPage';
import { ResourceForm } from '../../../ui/form/ResourceForm';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { ListPage } from '../../../ui/list/ListPage';
import { type Pole, polesResource, type TreeNode } from '../structure-resources';
import { PinButton, PinnedLabel, usePinActions } from '../pins/PinControls';
import { useStructureT } from '../structure-i18n';
import { structurePath } from '../structure-paths';

/** `{action}/poles`: the company's organisational poles. */
export function PolesPage() {
  const t = useStructureT();
  const { sid, account } = useCurrentSession();
  const [opened, { open, close }] = useDisclosure(false);
  const create = useCreateResource(polesResource);
  const pinActions = usePinActions<Pole>('pointerests', polesResource);
  const { form, submitting, formError, onSubmit } = useZodForm({
    schema: createPoleSchema,
    initialValues: { name: '', description: '' },
    submit: (values) => create.mutateAsync(values),
    onSuccess: close,
    successMessage: t('common.created'),
  });
  const canCreate = account ? canDo(account.permissions, 'pointerests', 'create') : false;
  return (
    <>
      <ListPage<Pole>
        title={t('poles.title')}
        resource={polesResource}
        testId="pole"
        defaultSort={{ key: 'name', direction: 'asc' }}
        rowHref={(p) => structurePath.pole(sid, p.id)}
        rowLabel={(p) => p.name}
        actions={canCreate ? <Button onClick={open}>{t('poles.new')}</Button> : null}
        columns={[
          { id: 'name', header: t('common.name'), cell: (p) => <PinnedLabel pinned={p.pinned}>{p.name}</PinnedLabel>, sortKey: 'name', primary: true },
          { id: 'description', header: t('common.description'), cell: (p) => p.description ?? '' },
        ]}
        rowActions={pinActions}
      />
      <Modal opened={opened} onClose={close} title={t('poles.new')}>
        <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError}>
          <TextInput label={t('common.name')} required {...form.getInputProps('name')} />
          <TextInput label={t('common.description')} {...form.getInputProps('description')} />
        </ResourceForm>
      </Modal>
    </>
  );
}

const countBelow = (node: TreeNode): number => node.children.reduce((n, c) => n + 1 + countBelow(c), 0);

/**
 * `{action}/poles/{pole}[/{node}]`: the pole's tree; add, move up or down, delete a
 * subtree. A `{node}` in the address is focused: highlighted, scrolled to, and the
 * keyboard's focus put on it once the tree is there.
 */
export function PoleTreePage() {
  const t = useStructureT();
  const { sid, account } = useCurrentSession();
  const params = useParams();
  const id = Number(params.pole);
  const focusId = params.node && /^\d+$/.test(params.node) ? Number(params.node) : null;
  const focusedOnce = useRef<number | null>(null);
  const focusNode = (element: HTMLDivElement | null) => {
    if (!element || focusedOnce.current === focusId) return;
    focusedOnce.current = focusId;
    element.scrollIntoView?.({ block: 'center' });
    element.focus({ preventScroll: true });
  };
  const pole = useResource(polesResource, id);
  const client = useQueryClient();
  const [confirm, confirmDialog] = useConfirm();
  const tree = useQuery({ queryKey: ['pole-tree', sid, id], queryFn: () => api.get<TreeNode[]>(`pointerests/${id}/tree`) });
  const canEdit = account ? canDo(account.permissions, 'nodes', 'update') : false;
  const [rootName, setRootName] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: ['pole-tree', sid, id] });
  const addNode = async (name: string, parentId: number | null) => {
    if (!name.trim()) return;
    await api.post('nodes', { pointerest_id: id, parent_id: parentId, name: name.trim() });
    await refresh();
  };
  const move = async (siblings: TreeNode[], index: number, delta: number) => {
    const order = siblings.map((n) => n.id);
    const [moved] = order.splice(index, 1);
    order.splice(index + delta, 0, moved);
    await api.post('nodes/reorder', { pointerest_id: id, parent_id: siblings[0].parent_id, node_ids: order });
    await refresh();
  };
  const remove = async (node: TreeNode) => {
    const below = countBelow(node);
    if (below > 0) {
      const answer = await confirm({ message: t('poles.deleteSubtree', { name: node.name, count: below }), confirmLabel: t('common.delete') });
      if (!answer.confirmed) return;
    }
    await api.request('DELETE', `nodes/${node.id}`, { query: below > 0 ? { confirm: 'true' } : undefined });
    await refresh();
  };
  const renderLevel = (nodes: TreeNode[], depth: number) => (
    <Stack gap={4} pl={depth ? 'lg' : 0} style={depth ? { borderLeft: '1px solid var(--mantine-color-default-border)' } : undefined}>
      {nodes.map((node, index) => (
        <Stack key={node.id} gap={4} data-testid="pole-node">
          <Group
            gap="xs"
            {...(node.id === focusId
              ? {
                  ref: focusNode,
                  tabIndex: -1,
                  'aria-current': 'true' as const,
                  'data-testid': 'pole-node-focused',
                  bg: 'var(--mantine-color-blue-light)',
                  px: 4,
                  style: { borderRadius: 4 },
                }
              : {})}
          >
            <Text fw={depth === 0 || node.id === focusId ? 600 : 400}>{node.name}</Text>
            {canEdit ? (
              <>
                <ActionIcon variant="subtle" size="sm" aria-label={t('poles.up')} disabled={index === 0} onClick={() => move(nodes, index, -1)}>
                  <IconArrowUp size={14} />
                </ActionIcon>
                <ActionIcon variant="subtle" size="sm" aria-label={t('poles.down')} disabled={index === nodes.length - 1} onClick={() => move(nodes, index, 1)}>
                  <IconArrowDown size={14} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={t('poles.addChild')}
                  onClick={async () => {
                    const name = window.prompt(t('poles.nodeName'));
                    if (name) await addNode(name, node.id);
                  }}
                >
                  <IconPlus size={14} />
                </ActionIcon>
                <ActionIcon variant="subtle" size="sm" color="red" aria-label={t('common.delete')} onClick={() => remove(node)}>
                  <IconTrash size={14} />
                </ActionIcon>
              </>
            ) : null}
          </Group>
          {node.children.length ? renderLevel(node.children, depth + 1) : null}
        </Stack>
      ))}
    </Stack>
  );
  return (
    <DetailPage
      title={pole.data?.name ?? '…'}
      breadcrumbs={[{ label: t('poles.title'), to: structurePath.poles(sid) }, { label: pole.data?.name ?? '…' }]}
      query={pole}
      actions={pole.data ? <PinButton type="pointerests" id={pole.data.id} pinned={Boolean(pole.data.pinned)} resource={polesResource} /> : null}
    >
      {confirmDialog}
      <Stack gap="md" data-testid="pole-tree">
        {tree.data?.length ? renderLevel(tree.data, 0) : <Text c="dimmed">{t('poles.empty')}</Text>}
        {canEdit ? (
          <Group align="end">
            <TextInput label={t('poles.nodeName')} value={rootName} onChange={(e) => setRootName(e.currentTarget.value)} />
            <Button
              onClick={async () => {
                await addNode(rootName, null);
                setRootName('');
              }}
            >
              {t('poles.addRoot')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </DetailPage>
  );
}
