import type { CategoryNode } from '@app/contracts/catalogue';
import { ActionIcon, Anchor, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { ActiveBadge } from '../ActiveBadge';
import { useLabelValue } from '../../../ui/LabelValue';
import { catalogueApi, catalogueKeys } from '../catalogue-api';
import { useCatalogueT } from '../catalogue-i18n';
import { cataloguePaths } from '../catalogue-paths';

/**
 * A kind's tree: each category links to its page, shows its state and records, moves up
 * or down among its siblings (`POST categories/reorder`) and takes a subcategory.
 */
export function CategoryTree({ nodes, onAddChild }: { nodes: readonly CategoryNode[]; onAddChild: (parent: CategoryNode) => void }) {
  const scope = useCacheScope();
  const client = useQueryClient();
  const t = useCatalogueT();
  const reorder = useMutation({
    mutationFn: ({ siblings, from, to }: { siblings: readonly CategoryNode[]; from: number; to: number }) => {
      const ids = siblings.map((n) => n.id);
      [ids[from], ids[to]] = [ids[to], ids[from]];
      return catalogueApi.reorder(siblings[from].type, siblings[from].parent_id, ids);
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: catalogueKeys.all(scope) });
      showToast({ message: t('categories.reordered'), tone: 'success' });
    },
    onError: showError,
  });
  const move = (siblings: readonly CategoryNode[], from: number, to: number) => reorder.mutate({ siblings, from, to });
  return (
    <Stack gap={4} role="tree" data-testid="category-tree">
      <Level nodes={nodes} depth={0} move={move} busy={reorder.isPending} onAddChild={onAddChild} />
    </Stack>
  );
}

interface LevelProps {
  nodes: readonly CategoryNode[];
  depth: number;
  move: (siblings: readonly CategoryNode[], from: number, to: number) => void;
  busy: boolean;
  onAddChild: (parent: CategoryNode) => void;
}

function Level({ nodes, depth, move, busy, onAddChild }: LevelProps) {
  const t = useCatalogueT();
  const labelValue = useLabelValue();
  const { sid } = useCurrentSession();
  return (
    <>
      {nodes.map((node, index) => (
        <Box key={node.id} role="treeitem" aria-level={depth + 1} data-testid="category-node" data-category-id={node.id} data-name={node.name}>
          <Group gap="xs" wrap="nowrap" py={4} pl={`calc(${depth} * 1.25rem)`} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Anchor component={Link} to={cataloguePaths.category(sid, node.type, node.id)} fw={depth === 0 ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
                {node.name}
              </Anchor>
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  {node.code}
                </Text>
                {node.objects !== undefined && node.objects > 0 ? (
                  <Badge size="xs" variant="light" data-testid="category-objects">
                    {t('categories.objectsCount', { count: node.objects })}
                  </Badge>
                ) : null}
                {node.active ? null : <ActiveBadge active={false} feminine />}
              </Group>
            </Stack>
            <ActionIcon variant="subtle" aria-label={t('categories.moveUp', { name: node.name })} disabled={busy || index === 0} onClick={() => move(nodes, index, index - 1)} data-testid="category-up">
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" aria-label={t('categories.moveDown', { name: node.name })} disabled={busy || index === nodes.length - 1} onClick={() => move(nodes, index, index + 1)} data-testid="category-down">
              <IconArrowDown size={16} />
            </ActionIcon>
            <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} onClick={() => onAddChild(node)} aria-label={labelValue(t('categories.newChild'), node.name)} data-testid="category-add-child">
              <Box visibleFrom="sm">{t('categories.newChild')}</Box>
            </Button>
          </Group>
          {/* A treeitem's children sit in a group (WAI-ARIA tree; axe's aria-required-parent). */}
          {node.children.length > 0 ? (
            // biome-ignore lint/a11y/useSemanticElements: a tree's group of items, not a form's fieldset
            <div role="group">
              <Level nodes={node.children} depth={depth + 1} move={move} busy={busy} onAddChild={onAddChild} />
            </div>
          ) : null}
        </Box>
      ))}
    </>
  );
}
