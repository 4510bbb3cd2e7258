import { readSurveySettings, SURVEY_TARGET_KINDS, type SurveySettings, type SurveyTargetKind } from '@app/contracts/surveys';
import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { toFormErrors } from '../../../lib/form-errors';
import { isApiError } from '../../../lib/http-error';
import { type SurveyInput, updateSurvey } from '../api/surveys.api';
import { useSurveyMutation } from '../survey-mutation';
import type { Survey } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';
import { fromLocalInput, toLocalInput } from './local-datetime';

interface Values {
  title: string;
  description: string;
  target_kind: SurveyTargetKind | null;
  opens_at: string;
  closes_at: string;
  settings: SurveySettings;
}

const valuesOf = (survey: Survey): Values => ({
  title: survey.title,
  description: survey.description ?? '',
  target_kind: survey.target_kind,
  opens_at: toLocalInput(survey.opens_at),
  closes_at: toLocalInput(survey.closes_at),
  settings: readSurveySettings(survey.settings),
});

/**
 * The survey's own fields. Once submitted only the answering window may change (the
 * server's live keys); activation and availability are lifecycle buttons.
 */
export function SurveySettingsForm({ survey, editable, canUpdate }: { survey: Survey; editable: boolean; canUpdate: boolean }) {
  const { t } = useSurveysT();
  const [values, setValues] = useState<Values>(() => valuesOf(survey));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setValues(valuesOf(survey)), [survey]);

  const save = useSurveyMutation((input: Partial<SurveyInput>) => updateSurvey(survey.id, input), { success: t('common.saved') });
  useEffect(() => {
    setErrors(isApiError(save.error) ? toFormErrors(save.error.fieldErrors) : {});
  }, [save.error]);

  const locked = !editable || !canUpdate;
  const setSetting = <K extends keyof SurveySettings>(key: K, value: SurveySettings[K]) => setValues((v) => ({ ...v, settings: { ...v.settings, [key]: value } }));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const window = { opens_at: fromLocalInput(values.opens_at), closes_at: fromLocalInput(values.closes_at) };
    if (!editable) return save.mutate(window);
    if (values.title.trim().length < 2) return setErrors({ title: t('create.titleRequired') });
    save.mutate({
      title: values.title.trim(),
      description: values.description.trim() || null,
      target_kind: survey.type === 'evaluation' ? values.target_kind : null,
      settings: values.settings,
      ...window,
    });
  };

  return (
    <form onSubmit={submit} data-testid="survey-settings">
      <Stack>
        {!editable ? (
          <Alert color="gray" variant="light">
            {t('settings.liveOnly')}
          </Alert>
        ) : null}
        <TextInput label={t('create.titleLabel')} value={values.title} onChange={(e) => setValues({ ...values, title: e.currentTarget.value })} error={errors.title} disabled={locked} maxLength={200} required />
        <Textarea label={t('create.description')} value={values.description} onChange={(e) => setValues({ ...values, description: e.currentTarget.value })} error={errors.description} disabled={locked} autosize minRows={2} maxLength={5000} />
        {survey.type === 'evaluation' ? (
          <Select
            label={t('create.target')}
            data={SURVEY_TARGET_KINDS.map((kind) => ({ value: kind, label: t(`target.${kind}`) }))}
            value={values.target_kind}
            onChange={(value) => setValues({ ...values, target_kind: value as SurveyTargetKind | null })}
            error={errors.target_kind}
            disabled={locked}
            allowDeselect={false}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput type="datetime-local" label={t('settings.opensAt')} value={values.opens_at} onChange={(e) => setValues({ ...values, opens_at: e.currentTarget.value })} error={errors.opens_at} disabled={!canUpdate} />
          <TextInput type="datetime-local" label={t('settings.closesAt')} value={values.closes_at} onChange={(e) => setValues({ ...values, closes_at: e.currentTarget.value })} error={errors.closes_at} disabled={!canUpdate} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Switch label={t('settings.anonymous')} description={t('settings.anonymousHelp')} checked={values.settings.anonymous} onChange={(e) => setSetting('anonymous', e.currentTarget.checked)} disabled={locked} />
          <Switch label={t('settings.signInRequired')} description={t('settings.signInRequiredHelp')} checked={values.settings.sign_in_required} onChange={(e) => setSetting('sign_in_required', e.currentTarget.checked)} disabled={locked} />
          <Switch label={t('settings.onePerPerson')} checked={values.settings.one_per_person} onChange={(e) => setSetting('one_per_person', e.currentTarget.checked)} disabled={locked} />
          <Switch label={t('settings.geolocationRequired')} checked={values.settings.geolocation_required} onChange={(e) => setSetting('geolocation_required', e.currentTarget.checked)} disabled={locked} />
          <Switch label={t('settings.collaborative')} checked={values.settings.collaborative} onChange={(e) => setSetting('collaborative', e.currentTarget.checked)} disabled={locked} />
          <NumberInput
            label={t('settings.quota')}
            description={t('settings.quotaHelp')}
            value={values.settings.quota ?? ''}
            onChange={(value) => setSetting('quota', typeof value === 'number' && value > 0 ? value : null)}
            min={1}
            allowDecimal={false}
            error={errors.settings}
            disabled={locked}
          />
        </SimpleGrid>
        {canUpdate ? (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
