import { Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { QueryState } from '../../../ui/QueryState';
import { buildStructure } from '../builder/builder-logic';
import { SurveyPreview } from '../builder/SurveyPreview';
import { useTemplate } from '../survey-queries';
import type { Survey } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';
import { useTplLibT } from './library/library-i18n';
import { useCreateFromTemplate } from './use-create-from-template';

/**
 * The template chosen in the new-survey dialog: its steps previewed as the respondent
 * will see them, the new draft's title, and "Utiliser ce modèle".
 */
export function TemplatePickerPreview({ sid, chosen, onBack, onCreated }: { sid: string; chosen: Survey; onBack: () => void; onCreated: () => void }) {
  const { t } = useSurveysT();
  const tl = useTplLibT();
  const template = useTemplate(chosen.id);
  const structure = useMemo(() => (template.data ? buildStructure(template.data) : []), [template.data]);
  const [stepId, setStepId] = useState<number | null>(null);
  const [title, setTitle] = useState(chosen.title);
  const [error, setError] = useState<string | null>(null);
  const use = useCreateFromTemplate(sid, onCreated);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (title.trim().length < 2) return setError(t('create.titleRequired'));
    setError(null);
    use.mutate({ id: chosen.id, title: title.trim() });
  };

  return (
    <Stack data-testid="template-picker-preview">
      <Group>
        <Button variant="subtle" size="xs" leftSection={<IconArrowLeft size={14} />} onClick={onBack} data-testid="picker-back">
          {tl('picker.back')}
        </Button>
      </Group>
      <div>
        <Group gap={6}>
          <Title order={2} size="h4">
            {chosen.title}
          </Title>
          {chosen.premium ? <Badge color="yellow">{tl('picker.premiumBadge')}</Badge> : null}
        </Group>
        {chosen.description ? (
          <Text size="sm" c="dimmed">
            {chosen.description}
          </Text>
        ) : null}
      </div>
      <QueryState isPending={template.isPending} error={template.error} onRetry={() => void template.refetch()} notFound={t('templates.notFound')}>
        <Text size="sm" c="dimmed" data-testid="picker-counts">
          {tl('picker.questions', { steps: structure.length, questions: structure.reduce((n, s) => n + s.questions.length, 0) })}
        </Text>
        {structure.length > 0 ? <SurveyPreview title={chosen.title} structure={structure} stepId={stepId ?? structure[0].id} onStepChange={setStepId} /> : null}
      </QueryState>
      <form onSubmit={submit} noValidate data-testid="picker-use-form">
        <Group align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label={t('templates.newTitle')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={error}
            maxLength={200}
            required
          />
          <Button type="submit" loading={use.isPending} data-testid="picker-use">
            {tl('picker.use')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
