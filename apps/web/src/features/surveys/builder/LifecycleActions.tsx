import { Button, Group, Menu, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { runSurveyAction } from '../api/surveys.api';
import { useSurveyMutation } from '../survey-mutation';
import type { Survey } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';
import type { ConfirmOptions } from '../../../ui/ConfirmDialog';
import { useSurveyPolicy } from '../survey-queries';
import { awaitsApproval, type LifecycleButton, lifecycleButtons } from './lifecycle';

type Confirm = (options: ConfirmOptions) => Promise<{ confirmed: boolean; comment: string }>;

/**
 * The survey's lifecycle actions: only those the state machine allows from its status
 * and the account's permissions grant; visible or irreversible ones ask first.
 */
export function useLifecycle(survey: Survey, can: (permission: string) => boolean, confirm: Confirm) {
  const { t } = useSurveysT();
  const mutation = useSurveyMutation(
    ({ button, body }: { button: LifecycleButton; body?: Record<string, unknown> }) => runSurveyAction(survey.id, button.action, body),
    {
      success: (updated) =>
        updated && updated.status !== survey.status
          ? t('lifecycle.done', { title: updated.title, status: t(`status.${updated.status}`).toLowerCase() })
          : t('lifecycle.toggled', { title: survey.title }),
    },
  );
  const run = async (button: LifecycleButton) => {
    let body = button.body;
    if (button.confirm) {
      const answer = await confirm({
        message: t(button.confirmKey ?? 'common.confirmTitle', { title: survey.title }),
        confirmLabel: t(button.label),
        color: button.color === 'gray' ? 'blue' : button.color,
        commentLabel: button.action === 'reject' ? t('lifecycle.rejectComment') : undefined,
      });
      if (!answer.confirmed) return;
      if (button.action === 'reject' && answer.comment) body = { ...body, comment: answer.comment };
    }
    mutation.mutate({ button, body });
  };
  const policy = useSurveyPolicy();
  const approvalRequired = policy.data?.publication_requires_approval;
  // While the policy loads no transition is offered, so none is offered wrongly; if it
  // cannot be read, the separate submit and publish steps remain (the server decides).
  const buttons = lifecycleButtons(survey, can, approvalRequired).filter((b) => b.kind === 'toggle' || !policy.isPending);
  return { buttons, run, mutation, awaitingApproval: awaitsApproval(survey, approvalRequired) };
}

type Lifecycle = ReturnType<typeof useLifecycle>;

/** The status transitions (submit, publish, reject, close) as buttons. */
export function LifecycleButtons({ lifecycle }: { lifecycle: Lifecycle }) {
  const { t } = useSurveysT();
  const { buttons, run, mutation, awaitingApproval } = lifecycle;
  const transitions = buttons.filter((b) => b.kind === 'transition');
  if (awaitingApproval) {
    return (
      <Text size="sm" c="dimmed" maw={320} data-testid="awaiting-approval">
        {t('lifecycle.awaitingApproval')}
      </Text>
    );
  }
  if (transitions.length === 0) return null;
  return (
    <Group gap="xs" data-testid="lifecycle-actions">
      {transitions.map((button) => (
        <Button
          key={button.label}
          size="sm"
          color={button.color}
          loading={mutation.isPending && mutation.variables?.button.label === button.label}
          disabled={mutation.isPending}
          onClick={() => void run(button)}
          data-testid={`lifecycle-${button.action}`}
        >
          {t(button.label)}
        </Button>
      ))}
    </Group>
  );
}

/** The activation and availability toggles, as items of the survey's action menu. */
export function LifecycleMenuItems({ lifecycle }: { lifecycle: Lifecycle }) {
  const { t } = useSurveysT();
  const { buttons, run, mutation } = lifecycle;
  return buttons
    .filter((b) => b.kind === 'toggle')
    .map((button) => (
      <Menu.Item
        key={button.label}
        leftSection={button.confirm ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
        disabled={mutation.isPending}
        onClick={() => void run(button)}
        data-testid={`lifecycle-${button.action}`}
      >
        {t(button.label)}
      </Menu.Item>
    ));
}
