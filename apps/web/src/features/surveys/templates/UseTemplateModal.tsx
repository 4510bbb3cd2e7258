import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { createFromTemplate } from '../api/surveys.api';
import { useSurveyMutation } from '../survey-mutation';
import { surveyPath } from '../survey-paths';
import type { Survey } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';

/** Names the new draft and creates it from the template, then opens its builder. */
export function UseTemplateModal({ sid, template, onClose }: { sid: string; template: Survey | null; onClose: () => void }) {
  const { t } = useSurveysT();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setTitle(template?.title ?? '');
    setError(null);
  }, [template]);
  const use = useSurveyMutation((id: number) => createFromTemplate(id, { title: title.trim() }), {
    success: (survey) => t('templates.used', { title: survey.title }),
    onSuccess: (survey) => navigate(surveyPath(sid, survey, 'builder', 'edit')),
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!template) return;
    if (title.trim().length < 2) return setError(t('create.titleRequired'));
    use.mutate(template.id);
  };
  return (
    <Modal opened={template !== null} onClose={onClose} title={t('templates.use')} centered>
      <form onSubmit={submit} data-testid="use-template-form">
        <Stack>
          <TextInput label={t('templates.newTitle')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={error} maxLength={200} required data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={use.isPending}>
              {t('templates.use')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
