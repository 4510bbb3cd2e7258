import { ActionIcon, Button, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useSurveysT } from '../surveys-i18n';

type Axis = Array<{ id: string; label: string }>;

interface MatrixAxesEditorProps {
  settings: Record<string, unknown>;
  errors: Record<string, string>;
  disabled?: boolean;
  onChange: (settings: Record<string, unknown>) => void;
}

const readAxis = (value: unknown): Axis => (Array.isArray(value) ? (value as Axis) : []);

/** A fresh id for a row or column, unique in its axis (answers refer to these ids). */
export function nextAxisId(axis: Axis, prefix: string): string {
  const taken = new Set(axis.map((item) => item.id));
  for (let n = axis.length + 1; ; n++) if (!taken.has(`${prefix}${n}`)) return `${prefix}${n}`;
}

/** Rows and columns of a matrix question. */
export function MatrixAxesEditor({ settings, errors, disabled, onChange }: MatrixAxesEditorProps) {
  const { t } = useSurveysT();
  const axisEditor = (key: 'rows' | 'columns', prefix: string) => {
    const axis = readAxis(settings[key]);
    const update = (next: Axis) => onChange({ ...settings, [key]: next });
    const itemLabel = (n: number) => (key === 'rows' ? t('question.rowLabel', { n }) : t('question.columnLabel', { n }));
    return (
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {key === 'rows' ? t('question.rows') : t('question.columns')}
        </Text>
        {axis.map((item, index) => (
          <Group key={item.id} gap={4} wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              aria-label={itemLabel(index + 1)}
              value={item.label}
              onChange={(e) => update(axis.map((other, i) => (i === index ? { ...other, label: e.currentTarget.value } : other)))}
              disabled={disabled}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={key === 'rows' ? t('question.removeRow', { n: index + 1 }) : t('question.removeColumn', { n: index + 1 })}
              disabled={disabled || axis.length <= 1}
              onClick={() => update(axis.filter((_, i) => i !== index))}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ))}
        {errors[key] ? (
          <Text size="xs" c="red">
            {errors[key]}
          </Text>
        ) : null}
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={disabled || axis.length >= 50}
          onClick={() => update([...axis, { id: nextAxisId(axis, prefix), label: itemLabel(axis.length + 1) }])}
        >
          {key === 'rows' ? t('question.addRow') : t('question.addColumn')}
        </Button>
      </Stack>
    );
  };
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {axisEditor('rows', 'l')}
        {axisEditor('columns', 'c')}
      </SimpleGrid>
      <Switch
        label={t('question.matrixMultiple')}
        checked={settings.multiple === true}
        onChange={(e) => onChange({ ...settings, multiple: e.currentTarget.checked })}
        disabled={disabled}
      />
    </Stack>
  );
}
