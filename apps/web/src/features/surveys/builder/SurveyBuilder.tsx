import { isSurveyEditable } from '@app/contracts/surveys';
import { Alert, Button, Collapse, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconEyeOff, IconLock, IconSettings } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Survey } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';
import type { ConfirmOptions } from '../../../ui/ConfirmDialog';
import { buildStructure, structureStats } from './builder-logic';
import { QuestionEditor, type QuestionTarget } from './QuestionEditor';
import { StepQuestions } from './StepQuestions';
import { StepsPanel } from './StepsPanel';
import { SurveyPreview } from './SurveyPreview';
import { SurveySettingsForm } from './SurveySettingsForm';

interface SurveyBuilderProps {
  survey: Survey;
  can: (permission: string) => boolean;
  confirm: (options: ConfirmOptions) => Promise<{ confirmed: boolean; comment: string }>;
  /**
   * Shows the survey's settings form (default). The back office's template editor leaves
   * it out: a platform template's details have their own form (templates/{id}).
   */
  withSettings?: boolean;
}

/**
 * The builder tab: the survey's settings, its steps and their questions, and a live
 * preview. Structure changes are allowed in draft and rejected only (contracts'
 * `isSurveyEditable`) and for accounts that may update surveys.
 */
export function SurveyBuilder({ survey, can, confirm, withSettings = true }: SurveyBuilderProps) {
  const { t } = useSurveysT();
  const [search, setSearch] = useSearchParams();
  const [target, setTarget] = useState<QuestionTarget | null>(null);
  const [showSettings, setShowSettings] = useState(false);
  const [showPreview, setShowPreview] = useState(false);
  const structure = useMemo(() => buildStructure(survey), [survey]);
  const stats = structureStats(structure);
  const editable = isSurveyEditable(survey.status) && can('surveys.update');

  const wanted = Number(search.get('step'));
  const selected = structure.find((s) => s.id === wanted) ?? structure[0] ?? null;
  const select = (stepId: number) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('step', String(stepId));
        return next;
      },
      { replace: true },
    );

  return (
    <Stack data-testid="survey-builder">
      {!isSurveyEditable(survey.status) ? (
        <Alert color="gray" icon={<IconLock size={18} />} title={t('detail.readOnlyTitle')} data-testid="read-only-banner">
          {t('detail.readOnly', { status: t(`status.${survey.status}`).toLowerCase() })}
        </Alert>
      ) : null}
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="builder-stats">
            {t('builder.stats', stats)}
          </Text>
          <Group gap="xs">
            {withSettings ? (
              <Button variant="subtle" size="xs" leftSection={<IconSettings size={16} />} onClick={() => setShowSettings((v) => !v)} aria-expanded={showSettings}>
                {showSettings ? t('settings.hide') : t('settings.show')}
              </Button>
            ) : null}
            {structure.length > 0 ? (
              <Button
                variant="light"
                size="xs"
                leftSection={showPreview ? <IconEyeOff size={16} /> : <IconEye size={16} />}
                onClick={() => setShowPreview((v) => !v)}
                aria-pressed={showPreview}
                data-testid="toggle-preview"
              >
                {showPreview ? t('builder.hidePreview') : t('builder.preview')}
              </Button>
            ) : null}
          </Group>
        </Group>
        <Collapse expanded={withSettings && showSettings}>
          <Stack mt="sm">
            <Title order={2} size="h4">
              {t('settings.title')}
            </Title>
            <SurveySettingsForm survey={survey} editable={isSurveyEditable(survey.status)} canUpdate={can('surveys.update')} />
          </Stack>
        </Collapse>
      </Paper>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <StepsPanel surveyId={survey.id} steps={structure} selectedId={selected?.id ?? null} editable={editable} onSelect={select} confirm={confirm} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            {showPreview && selected ? (
              <SurveyPreview title={survey.title} structure={structure} stepId={selected.id} onStepChange={select} />
            ) : null}
            {selected ? (
              <StepQuestions structure={structure} step={selected} editable={editable} onEdit={setTarget} confirm={confirm} />
            ) : (
              <Paper withBorder p="xl" radius="md">
                <Text ta="center" c="dimmed" data-testid="no-steps">
                  {t('builder.noSteps')}
                </Text>
              </Paper>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <QuestionEditor target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
