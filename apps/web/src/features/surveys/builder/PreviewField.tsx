import { readQuestionSettings } from '@app/contracts/survey-question-types';
import { ActionIcon, Box, Button, Checkbox, Group, NumberInput, Radio, Rating, SegmentedControl, Select, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconMapPin } from '@tabler/icons-react';
import type { Question } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';
import { moveItem } from './builder-logic';

interface PreviewFieldProps {
  question: Question;
  value: unknown;
  error: string | null;
  onChange: (value: unknown) => void;
}

const asString = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * One question as a respondent sees it, answering with canonical values (choice ids,
 * booleans, numbers) so the preview's display conditions behave as on the real page.
 * Files, signature and position are shown but not captured: nothing is sent.
 */
export function PreviewField({ question, value, error, onChange }: PreviewFieldProps) {
  const { t } = useSurveysT();
  const settings = readQuestionSettings(question.type, question.settings) as Record<string, unknown>;
  const choices = question.choices ?? [];
  const common = {
    label: question.label,
    description: question.help ?? undefined,
    required: question.required,
    error: error ?? undefined,
  };
  const placeholder = typeof settings.placeholder === 'string' ? settings.placeholder : undefined;

  switch (question.type) {
    case 'short_text':
    case 'email':
    case 'phone':
    case 'date':
    case 'time': {
      const type = { short_text: 'text', email: 'email', phone: 'tel', date: 'date', time: 'time' }[question.type];
      return <TextInput {...common} type={type} placeholder={placeholder} value={asString(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
    }
    case 'long_text':
      return <Textarea {...common} placeholder={placeholder} autosize minRows={3} value={asString(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'number':
      return (
        <NumberInput
          {...common}
          placeholder={placeholder}
          suffix={typeof settings.unit === 'string' && settings.unit ? ` ${settings.unit}` : undefined}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : null)}
        />
      );
    case 'single_choice':
      return (
        <Radio.Group {...common} value={value == null ? null : String(value)} onChange={(v) => onChange(Number(v))}>
          <Stack gap={6} mt={6}>
            {choices.map((c) => (
              <Radio key={c.id} value={String(c.id)} label={c.label} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiple_choice':
      return (
        <Checkbox.Group {...common} value={Array.isArray(value) ? value.map(String) : []} onChange={(v) => onChange(v.map(Number))}>
          <Stack gap={6} mt={6}>
            {choices.map((c) => (
              <Checkbox key={c.id} value={String(c.id)} label={c.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'dropdown':
      return (
        <Select
          {...common}
          placeholder={placeholder ?? t('preview.choosePlaceholder')}
          data={choices.map((c) => ({ value: String(c.id), label: c.label }))}
          value={value == null ? null : String(value)}
          onChange={(v) => onChange(v ? Number(v) : null)}
          clearable
        />
      );
    case 'yes_no':
      return (
        <Radio.Group {...common} value={typeof value === 'boolean' ? String(value) : null} onChange={(v) => onChange(v === 'true')}>
          <Group mt={6}>
            <Radio value="true" label={t('common.yes')} />
            <Radio value="false" label={t('common.no')} />
          </Group>
        </Radio.Group>
      );
    case 'rating':
      return (
        <Stack gap={4}>
          <FieldLabel question={question} error={error} />
          <Rating count={Number(settings.max ?? 5)} value={typeof value === 'number' ? value : 0} onChange={onChange} size="lg" />
        </Stack>
      );
    case 'scale': {
      const min = Number(settings.min ?? 0);
      const max = Number(settings.max ?? 10);
      const steps = Array.from({ length: max - min + 1 }, (_, i) => String(min + i));
      return (
        <Stack gap={4}>
          <FieldLabel question={question} error={error} />
          <SegmentedControl data={steps} value={typeof value === 'number' ? String(value) : ''} onChange={(v) => onChange(Number(v))} fullWidth size="xs" />
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {asString(settings.min_label)}
            </Text>
            <Text size="xs" c="dimmed">
              {asString(settings.max_label)}
            </Text>
          </Group>
        </Stack>
      );
    }
    case 'ranking': {
      const order = Array.isArray(value) && value.length === choices.length ? (value as number[]) : choices.map((c) => c.id);
      return (
        <Stack gap={4}>
          <FieldLabel question={question} error={error} />
          <Text size="xs" c="dimmed">
            {t('preview.rankingHint')}
          </Text>
          {order.map((id, index) => (
            <Group key={id} gap={4} wrap="nowrap">
              <Text size="sm" w={24}>
                {index + 1}.
              </Text>
              <Text size="sm" style={{ flex: 1 }}>
                {choices.find((c) => c.id === id)?.label}
              </Text>
              <ActionIcon variant="subtle" size="sm" aria-label={t('common.moveUp')} disabled={index === 0} onClick={() => onChange(moveItem(order, index, -1))}>
                <IconArrowUp size={14} />
              </ActionIcon>
              <ActionIcon variant="subtle" size="sm" aria-label={t('common.moveDown')} disabled={index === order.length - 1} onClick={() => onChange(moveItem(order, index, 1))}>
                <IconArrowDown size={14} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      );
    }
    case 'matrix':
      return <MatrixPreview question={question} settings={settings} value={value} error={error} onChange={onChange} />;
    case 'file':
    case 'photo':
    case 'signature': {
      const types = Array.isArray(settings.allowed_types) ? (settings.allowed_types as string[]).join(', ') : '';
      return (
        <Stack gap={4}>
          <FieldLabel question={question} error={error} />
          <Box p="md" style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}>
            <Text size="sm" c="dimmed">
              {question.type === 'signature' ? t('preview.signatureHint') : t('preview.fileHint', { types, size: settings.max_size_mb })}
            </Text>
          </Box>
        </Stack>
      );
    }
    case 'geolocation':
      return (
        <Stack gap={4}>
          <FieldLabel question={question} error={error} />
          <Group>
            <Button variant="light" leftSection={<IconMapPin size={16} />} disabled>
              {t('preview.locate')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('preview.locateHint')}
          </Text>
        </Stack>
      );
    default:
      return null;
  }
}

function FieldLabel({ question, error }: { question: Question; error: string | null }) {
  return (
    <div>
      <Text size="sm" fw={500}>
        {question.label}
        {question.required ? (
          <Text span c="red">
            {' *'}
          </Text>
        ) : null}
      </Text>
      {question.help ? (
        <Text size="xs" c="dimmed">
          {question.help}
        </Text>
      ) : null}
      {error ? (
        <Text size="xs" c="red">
          {error}
        </Text>
      ) : null}
    </div>
  );
}

interface MatrixPreviewProps extends PreviewFieldProps {
  settings: Record<string, unknown>;
}

function MatrixPreview({ question, settings, value, error, onChange }: MatrixPreviewProps) {
  const rows = (settings.rows as Array<{ id: string; label: string }>) ?? [];
  const columns = (settings.columns as Array<{ id: string; label: string }>) ?? [];
  const multiple = settings.multiple === true;
  const answer = (value && typeof value === 'object' ? value : {}) as Record<string, string | string[]>;
  const toggle = (rowId: string, columnId: string) => {
    if (!multiple) return onChange({ ...answer, [rowId]: columnId });
    const current = Array.isArray(answer[rowId]) ? (answer[rowId] as string[]) : [];
    const next = current.includes(columnId) ? current.filter((id) => id !== columnId) : [...current, columnId];
    onChange({ ...answer, [rowId]: next });
  };
  const checked = (rowId: string, columnId: string) =>
    multiple ? Array.isArray(answer[rowId]) && (answer[rowId] as string[]).includes(columnId) : answer[rowId] === columnId;
  return (
    <Stack gap={4}>
      <FieldLabel question={question} error={error} />
      <Table.ScrollContainer minWidth={320}>
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              {columns.map((c) => (
                <Table.Th key={c.id} ta="center">
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.label}</Table.Td>
                {columns.map((c) => (
                  <Table.Td key={c.id} ta="center">
                    {multiple ? (
                      <Checkbox aria-label={`${r.label} : ${c.label}`} checked={checked(r.id, c.id)} onChange={() => toggle(r.id, c.id)} style={{ display: 'inline-block' }} />
                    ) : (
                      <Radio aria-label={`${r.label} : ${c.label}`} name={`matrix-${question.id}-${r.id}`} checked={checked(r.id, c.id)} onChange={() => toggle(r.id, c.id)} style={{ display: 'inline-block' }} />
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
