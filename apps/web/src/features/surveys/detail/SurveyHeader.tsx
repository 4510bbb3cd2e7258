import { ActionIcon, Alert, Badge, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconDots, IconTemplate, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { copySurvey, deleteSurvey, duplicateSurvey } from '../api/surveys.api';
import { LifecycleButtons, LifecycleMenuItems, useLifecycle } from '../builder/LifecycleActions';
import { useSurveyMutation } from '../survey-mutation';
import { surveyPath, surveysPath, templatePath } from '../survey-paths';
import type { Survey } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';
import type { ConfirmOptions } from '../../../ui/ConfirmDialog';
import { SurveyStatusBadge } from '../ui/SurveyStatusBadge';
import { PageBreadcrumbs } from '../../../ui/PageBreadcrumbs';
import { SurveyPinToggle } from '../list/SurveyPinToggle';

interface SurveyHeaderProps {
  sid: string;
  survey: Survey;
  can: (permission: string) => boolean;
  confirm: (options: ConfirmOptions) => Promise<{ confirmed: boolean; comment: string }>;
}

/** Title, state badges, lifecycle buttons and the survey's other actions (duplicate, template, delete). */
export function SurveyHeader({ sid, survey, can, confirm }: SurveyHeaderProps) {
  const { t } = useSurveysT();
  const navigate = useNavigate();
  const duplicate = useSurveyMutation(() => duplicateSurvey(survey.id), {
    success: (copy) => t('detail.duplicated', { title: copy.title }),
    onSuccess: (copy) => navigate(surveyPath(sid, copy, 'builder', 'edit')),
  });
  const saveAsTemplate = useSurveyMutation(() => copySurvey(survey.id), {
    success: (copy) => t('detail.savedAsTemplate', { title: copy.title }),
    onSuccess: (copy) => navigate(templatePath(sid, copy.id)),
  });
  const remove = useSurveyMutation(() => deleteSurvey(survey.id), {
    success: t('detail.deleted'),
    onSuccess: () => navigate(surveysPath(sid)),
  });
  const lifecycle = useLifecycle(survey, can, confirm);
  const deletable = ['draft', 'rejected', 'closed'].includes(survey.status) && can('surveys.delete');
  // The "···" menu shows only when it holds something the account may do.
  const hasMenu = lifecycle.buttons.some((b) => b.kind === 'toggle') || can('surveys.create') || can('surveys.copy') || deletable;

  const askDelete = async () => {
    const answer = await confirm({ message: t('detail.deleteConfirm', { title: survey.title }), confirmLabel: t('common.delete') });
    if (answer.confirmed) remove.mutate(undefined);
  };

  return (
    <Stack gap="sm">
      <PageBreadcrumbs items={[{ label: survey.title }]} />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 18rem' }}>
          <Group gap={4} wrap="nowrap" align="center">
            <Title order={1} size="h2" data-testid="survey-title" style={{ overflowWrap: 'anywhere' }}>
              {survey.title}
            </Title>
            <SurveyPinToggle survey={survey} />
          </Group>
          <Group gap={6}>
            <SurveyStatusBadge status={survey.status} />
            <Badge variant="outline" color="gray">
              {t(`type.${survey.type}`)}
            </Badge>
            {survey.target_kind ? (
              <Badge variant="outline" color="gray">
                {t(`target.${survey.target_kind}`)}
              </Badge>
            ) : null}
            {!survey.active ? (
              <Badge color="red" variant="light">
                {t('detail.inactive')}
              </Badge>
            ) : null}
            {survey.availability !== 'available' ? (
              <Badge color="orange" variant="light">
                {t('detail.unavailable')}
              </Badge>
            ) : null}
            <Text size="xs" c="dimmed">
              {t('detail.code', { code: survey.code })}
            </Text>
          </Group>
        </Stack>
        <Group gap="xs">
          <LifecycleButtons lifecycle={lifecycle} />
          {hasMenu ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label={t('detail.moreActions')} data-testid="survey-menu">
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <LifecycleMenuItems lifecycle={lifecycle} />
              {can('surveys.create') ? (
                <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => duplicate.mutate(undefined)} disabled={duplicate.isPending}>
                  {t('detail.duplicate')}
                </Menu.Item>
              ) : null}
              {can('surveys.copy') ? (
                <Menu.Item leftSection={<IconTemplate size={16} />} onClick={() => saveAsTemplate.mutate(undefined)} disabled={saveAsTemplate.isPending}>
                  {t('detail.saveAsTemplate')}
                </Menu.Item>
              ) : null}
              {deletable ? (
                <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => void askDelete()} data-testid="delete-survey">
                  {t('detail.delete')}
                </Menu.Item>
              ) : null}
            </Menu.Dropdown>
          </Menu>
          ) : null}
        </Group>
      </Group>
      {survey.status === 'rejected' ? (
        <Alert color="orange" title={t('detail.rejectedTitle')}>
          {survey.rejection_comment ? t('detail.rejectedComment', { comment: survey.rejection_comment }) : t('detail.rejectedNoComment')}
        </Alert>
      ) : null}
    </Stack>
  );
}
