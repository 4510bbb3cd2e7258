import { createMonitorBody, MONITOR_FREQUENCIES, MONITOR_TARGET_KINDS, type MonitorTargetKind, type MonitorView } from '@app/contracts/supervision';
import { Select, Stack, Textarea } from '@mantine/core';
import { useCreateResource, useUpdateResource } from '../../../lib/resource/use-resource';
import { ResourceForm } from '../../../ui/form/ResourceForm';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { monitorsResource } from '../supervision-api';
import { useSupervisionT } from '../supervision-i18n';
import { useEvaluationSurveys, useSupervisorOptions, useTargetOptions } from './monitor-targets';

interface Values {
  survey_id: number | null;
  target_kind: MonitorTargetKind | null;
  target_id: number | null;
  agent_id: number | null;
  frequency: 'daily' | 'weekly' | 'monthly';
  note: string;
}

const idValue = (v: number | null) => (v == null ? null : String(v));

/** Creates a monitor, or edits `monitor`: target kind first, then the target, the survey and the supervisor. */
export function MonitorForm({ monitor, onDone }: { monitor?: MonitorView; onDone: () => void }) {
  const t = useSupervisionT();
  const create = useCreateResource(monitorsResource);
  const update = useUpdateResource(monitorsResource, monitor?.id ?? 0);
  const { form, submitting, formError, onSubmit } = useZodForm({
    schema: createMonitorBody,
    initialValues: {
      survey_id: monitor?.survey_id ?? null,
      target_kind: monitor?.target_kind ?? null,
      target_id: monitor?.target_id ?? null,
      agent_id: monitor?.agent_id ?? null,
      frequency: monitor?.frequency ?? 'weekly',
      note: monitor?.note ?? '',
    } as Values,
    submit: (values) => (monitor ? update.mutateAsync(values) : create.mutateAsync(values)),
    onSuccess: onDone,
    successMessage: monitor ? t('monitors.saved') : t('monitors.created'),
  });
  const values = form.getValues();
  const targets = useTargetOptions(values.target_kind);
  const surveys = useEvaluationSurveys(values.target_kind);
  const supervisors = useSupervisorOptions();
  return (
    <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} data-testid="monitor-form">
      <Stack gap="sm">
        <Select
          label={t('monitors.targetKind')}
          required
          data-testid="monitor-target-kind"
          data={MONITOR_TARGET_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          value={values.target_kind}
          error={form.errors.target_kind}
          onChange={(v) => {
            form.setFieldValue('target_kind', (v as MonitorTargetKind) ?? null);
            form.setFieldValue('target_id', null);
          }}
        />
        <Select
          label={t('monitors.target')}
          required
          searchable
          data-testid="monitor-target"
          disabled={!values.target_kind}
          placeholder={values.target_kind ? undefined : t('monitors.chooseKindFirst')}
          data={targets.options}
          value={idValue(values.target_id)}
          error={form.errors.target_id}
          onChange={(v) => form.setFieldValue('target_id', v ? Number(v) : null)}
        />
        <Select
          label={t('monitors.survey')}
          required
          searchable
          data-testid="monitor-survey"
          data={surveys.options}
          nothingFoundMessage={t('monitors.noEvaluationSurvey')}
          value={idValue(values.survey_id)}
          error={form.errors.survey_id}
          onChange={(v) => form.setFieldValue('survey_id', v ? Number(v) : null)}
        />
        <Select
          label={t('monitors.supervisor')}
          required
          searchable
          data-testid="monitor-agent"
          data={supervisors}
          value={idValue(values.agent_id)}
          error={form.errors.agent_id}
          onChange={(v) => form.setFieldValue('agent_id', v ? Number(v) : null)}
        />
        <Select
          label={t('monitors.frequency')}
          data-testid="monitor-frequency"
          allowDeselect={false}
          data={MONITOR_FREQUENCIES.map((f) => ({ value: f, label: t(`frequencies.${f}`) }))}
          {...form.getInputProps('frequency')}
        />
        <Textarea label={t('monitors.note')} autosize minRows={2} {...form.getInputProps('note')} />
      </Stack>
    </ResourceForm>
  );
}
