import { SURVEY_TARGET_KINDS, SURVEY_TYPES, type SurveyTargetKind, type SurveyType } from '@app/contracts/surveys';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useCurrentSession } from '../../../lib/session/use-session';
import { useTplLibT } from '../templates/library/library-i18n';
import { toFormErrors } from '../../../lib/form-errors';
import { isApiError } from '../../../lib/http-error';
import { createSurvey } from '../api/surveys.api';
import { useSurveyMutation } from '../survey-mutation';
import type { Survey } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';
import { TemplatePicker } from '../templates/TemplatePicker';
import { TemplatePickerPreview } from '../templates/TemplatePickerPreview';

interface CreateSurveyModalProps {
  opened: boolean;
  initialType: SurveyType | null;
  onClose: () => void;
  onCreated: (survey: Survey) => void;
}

type Start = 'blank' | 'template';

/**
 * A new draft survey: blank (title, description, type and the target of an evaluation)
 * or from a template chosen in the same dialog (search, category filter, preview).
 */
export function CreateSurveyModal({ opened, initialType, onClose, onCreated }: CreateSurveyModalProps) {
  const { t } = useSurveysT();
  const tl = useTplLibT();
  const { sid } = useCurrentSession();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [type, setType] = useState<SurveyType>(initialType ?? 'form');
  const [target, setTarget] = useState<SurveyTargetKind | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [start, setStart] = useState<Start>('blank');
  const [chosen, setChosen] = useState<Survey | null>(null);

  useEffect(() => {
    if (!opened) return;
    setStart('blank');
    setChosen(null);
    setTitle('');
    setDescription('');
    setType(initialType ?? 'form');
    setTarget(null);
    setErrors({});
  }, [opened, initialType]);

  const create = useSurveyMutation(createSurvey, {
    success: (survey) => t('create.created', { title: survey.title }),
    onSuccess: onCreated,
  });
  useEffect(() => {
    if (isApiError(create.error)) setErrors(toFormErrors(create.error.fieldErrors));
  }, [create.error]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (title.trim().length < 2) found.title = t('create.titleRequired');
    if (type === 'evaluation' && !target) found.target_kind = t('create.targetRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    create.mutate({ title: title.trim(), description: description.trim() || null, type, target_kind: type === 'evaluation' ? target : null });
  };

  const blank = (
      <form onSubmit={submit} noValidate data-testid="create-survey-form">
        <Stack>
          <TextInput label={t('create.titleLabel')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} required maxLength={200} data-autofocus />
          <Textarea label={t('create.description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={errors.description} autosize minRows={2} maxLength={5000} />
          <Select
            label={t('create.type')}
            data={SURVEY_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
            value={type}
            onChange={(value) => value && setType(value as SurveyType)}
            error={errors.type}
            allowDeselect={false}
          />
          {type === 'evaluation' ? (
            <Select
              label={t('create.target')}
              data={SURVEY_TARGET_KINDS.map((value) => ({ value, label: t(`target.${value}`) }))}
              value={target}
              onChange={(value) => setTarget(value as SurveyTargetKind | null)}
              error={errors.target_kind}
              required
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="create-survey-submit">
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t('create.title')} centered size={start === 'template' ? 'xl' : 'lg'}>
      <Stack>
        <SegmentedControl
          value={start}
          onChange={(value) => {
            setStart(value as Start);
            setChosen(null);
          }}
          data={[
            { value: 'blank', label: tl('picker.blank') },
            { value: 'template', label: tl('picker.fromTemplate') },
          ]}
          data-testid="create-start"
        />
        {start === 'blank' ? blank : chosen ? (
          <TemplatePickerPreview sid={sid} chosen={chosen} onBack={() => setChosen(null)} onCreated={onClose} />
        ) : (
          <TemplatePicker sid={sid} onPick={setChosen} />
        )}
      </Stack>
    </Modal>
  );
}
