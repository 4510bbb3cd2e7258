import { PERMISSION_CATALOGUE, STANDARD_ACTIONS } from '@app/contracts/permissions';
import type { TFunction } from 'i18next';
import { Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { permissionLabel, useCompanyT } from '../company-i18n';
import { useLabelValue } from '../../../ui/LabelValue';

interface Row {
  object: string;
  label: string;
  /** Special actions beyond the standard five (publish, validate...). */
  extra: string[];
  /** Standard actions the catalogue has for this object (all five, or none for `locations`). */
  standard: Set<string>;
}

/** Objects of the catalogue with their names in the reader's language, in its alphabetical order. */
function matrixRows(t: TFunction, language: string): Row[] {
  const byObject = new Map<string, Row>();
  for (const p of PERMISSION_CATALOGUE) {
    const row = byObject.get(p.object) ?? { object: p.object, label: permissionLabel(t, 'permissionObjects', p.object), extra: [], standard: new Set<string>() };
    if ((STANDARD_ACTIONS as readonly string[]).includes(p.action)) row.standard.add(p.action);
    else row.extra.push(p.action);
    byObject.set(p.object, row);
  }
  return [...byObject.values()].sort((a, b) => a.label.localeCompare(b.label, language));
}

const STANDARD = new Set<string>(STANDARD_ACTIONS);

interface Props {
  granted: ReadonlySet<string>;
  /** Slugs being saved (their boxes wait). */
  busy: ReadonlySet<string>;
  readOnly: boolean;
  onToggle: (slug: string, grant: boolean, label: string) => void;
}

/**
 * The role editor's object × action matrix: the five standard actions as columns, the
 * object's special actions after them; every name in the reader's language, never a raw slug.
 */
export function PermissionMatrix({ granted, busy, readOnly, onToggle }: Props) {
  const { t, i18n } = useCompanyT();
  const labelValue = useLabelValue();
  const rows = useMemo(() => matrixRows(t, i18n.language), [t, i18n.language]);
  const actionLabel = (action: string) => permissionLabel(t, 'permissionActions', action);
  const [filter, setFilter] = useState('');
  const shown = rows.filter((row) => row.label.toLowerCase().includes(filter.trim().toLowerCase()));
  const box = (object: string, objectLabel: string, action: string) => {
    const slug = `${object}.${action}`;
    const label = labelValue(actionLabel(action), objectLabel);
    return (
      <Checkbox
        key={slug}
        aria-label={label}
        label={STANDARD.has(action) ? undefined : actionLabel(action)}
        checked={granted.has(slug)}
        disabled={readOnly || busy.has(slug)}
        onChange={(event) => onToggle(slug, event.currentTarget.checked, label)}
        data-permission={slug}
        size="sm"
      />
    );
  };
  return (
    <Stack gap="sm" data-testid="permission-matrix">
      <TextInput label={t('filterObjects')} value={filter} onChange={(e) => setFilter(e.currentTarget.value)} maw={320} />
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover stickyHeader verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('object')}</Table.Th>
              {STANDARD_ACTIONS.map((action) => (
                <Table.Th key={action} ta="center">
                  {actionLabel(action)}
                </Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.object} data-object={row.object}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {row.label}
                  </Text>
                </Table.Td>
                {STANDARD_ACTIONS.map((action) => (
                  <Table.Td key={action}>
                    <Group justify="center">{row.standard.has(action) ? box(row.object, row.label, action) : null}</Group>
                  </Table.Td>
                ))}
                <Table.Td>
                  <Group gap="sm">{row.extra.map((action) => box(row.object, row.label, action))}</Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
