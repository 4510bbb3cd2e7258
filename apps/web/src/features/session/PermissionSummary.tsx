import { PERMISSION_CATALOGUE, parsePermissionSlug } from '@app/contracts/permissions';
import type { PermissionMap } from '@app/contracts/auth';
import { Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const ACTION_LABEL = new Map(PERMISSION_CATALOGUE.map((p) => [p.slug, p.description.split(' : ')[0]]));

/** The permission map grouped by object: what this account may do in the active company. */
export function groupPermissions(map: PermissionMap): Array<{ object: string; actions: string[] }> {
  const groups = new Map<string, string[]>();
  for (const slug of Object.keys(map).sort()) {
    const parsed = parsePermissionSlug(slug);
    if (!parsed || !map[slug]) continue;
    const list = groups.get(parsed.object) ?? [];
    list.push(ACTION_LABEL.get(slug) ?? parsed.action);
    groups.set(parsed.object, list);
  }
  return [...groups].map(([object, actions]) => ({ object, actions }));
}

export function PermissionSummary({ permissions }: { permissions: PermissionMap }) {
  const { t } = useTranslation('session');
  const groups = groupPermissions(permissions);
  if (groups.length === 0) return <Text c="dimmed">{t('noPermissions')}</Text>;
  return (
    <Table.ScrollContainer minWidth={420} mah={360}>
      <Table striped verticalSpacing={4} data-testid="permission-summary">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('permissionObject')}</Table.Th>
            <Table.Th>{t('permissionActions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Table.Tr key={group.object}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {group.object}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {group.actions.map((action) => (
                    <Badge key={action} variant="light" size="sm" tt="none">
                      {action}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
