import { AUDIENCE_RULE_FIELDS, type AudienceCondition, type AudiencePopulation, type AudienceRule } from '@app/contracts/structure';
import { ActionIcon, Button, Group, MultiSelect, SegmentedControl, Select, Stack, TagsInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { defineResource } from '../../../lib/resource/resource';
import { useResourceList } from '../../../lib/resource/use-resource';
import { groupsResource, sitesResource, zonesResource } from '../structure-resources';
import { useStructureT } from '../structure-i18n';

const surveysResource = defineResource<{ id: number; title: string }>('surveys');
const ZONE_QUERY = { filter_groups: [{ filters: [{ key: 'type', operator: 'in' as const, value: ['region', 'town'] }] }], sort: [{ key: 'name', direction: 'asc' as const }], limit: 200 };
const LIST = { limit: 200, sort: [{ key: 'name', direction: 'asc' as const }] };

/** Builds an audience rule: conditions on zone, site, group, role, answered survey... */
export function RuleBuilder({ population, value, onChange }: { population: AudiencePopulation; value: AudienceRule; onChange: (rule: AudienceRule) => void }) {
  const t = useStructureT();
  const zones = useResourceList(zonesResource, ZONE_QUERY);
  const sites = useResourceList(sitesResource, LIST);
  const groups = useResourceList(groupsResource, LIST);
  const surveys = useResourceList(surveysResource, { limit: 200 }, { enabled: population === 'agents' });
  const options: Record<string, Array<{ value: string; label: string }>> = {
    zone: (zones.data?.data ?? []).map((z) => ({ value: String(z.id), label: z.name })),
    site: (sites.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
    group: (groups.data?.data ?? []).map((g) => ({ value: String(g.id), label: g.name })),
    answered_survey: (surveys.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.title })),
    role: [
      { value: 'owner', label: t('ruleValues.owner') },
      { value: 'agent', label: t('ruleValues.agent') },
      { value: 'partner', label: t('ruleValues.partner') },
    ],
    status: [
      { value: 'active', label: t('ruleValues.active') },
      { value: 'invited', label: t('ruleValues.invited') },
      { value: 'suspended', label: t('ruleValues.suspended') },
    ],
  };
  const textual = (field: string) => field === 'role' || field === 'status' || field === 'organisation';
  const set = (index: number, patch: Partial<AudienceCondition>) =>
    onChange({ ...value, conditions: value.conditions.map((c, i) => (i === index ? { ...c, ...patch } : c)) });
  const fields = AUDIENCE_RULE_FIELDS[population];
  return (
    <Stack gap="xs" data-testid="rule-builder">
      <SegmentedControl
        value={value.match}
        onChange={(match) => onChange({ ...value, match: match as 'all' | 'any' })}
        data={[
          { value: 'all', label: t('audiences.matchAll') },
          { value: 'any', label: t('audiences.matchAny') },
        ]}
      />
      {value.conditions.map((condition, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: conditions are positional and carry no id
        <Group key={`${index}-${condition.field}`} align="end" wrap="wrap" data-testid="rule-condition">
          <Select
            label={t('audiences.field')}
            data={fields.map((f) => ({ value: f, label: t(`audiences.fields.${f}`) }))}
            value={condition.field}
            onChange={(field) => field && set(index, { field: field as AudienceCondition['field'], values: [] })}
            w={200}
            data-testid="rule-field"
          />
          <Select
            label={t('audiences.operator')}
            data={[
              { value: 'in', label: t('audiences.in') },
              { value: 'not_in', label: t('audiences.notIn') },
            ]}
            value={condition.operator}
            onChange={(operator) => operator && set(index, { operator: operator as 'in' | 'not_in' })}
            w={160}
          />
          {condition.field === 'organisation' ? (
            <TagsInput label={t('audiences.values')} value={condition.values.map(String)} onChange={(values) => set(index, { values })} miw={240} />
          ) : (
            <MultiSelect
              label={t('audiences.values')}
              searchable
              data={options[condition.field] ?? []}
              value={condition.values.map(String)}
              onChange={(values) => set(index, { values: textual(condition.field) ? values : values.map(Number) })}
              miw={240}
              data-testid="rule-values"
            />
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('common.delete')}
            onClick={() => onChange({ ...value, conditions: value.conditions.filter((_, i) => i !== index) })}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button variant="light" onClick={() => onChange({ ...value, conditions: [...value.conditions, { field: fields[0], operator: 'in', values: [] }] })} w="fit-content">
        {t('audiences.addCondition')}
      </Button>
    </Stack>
  );
}
