import { ActionIcon, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconUserPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { removeContributor } from '../../surveys/api/participations.api';
import { useContributors } from '../../surveys/survey-queries';
import { useSurveyMutation } from '../../surveys/survey-mutation';
import type { Contributor, Step } from '../../surveys/survey.types';
import { useSurveysT } from '../../surveys/surveys-i18n';
import type { ConfirmOptions } from '../../../ui/ConfirmDialog';
import { QueryState } from '../../../ui/QueryState';
import { agentLabel } from './agent-label';
import { ContributorInviteModal } from './ContributorInviteModal';

interface ContributorsSectionProps {
  participationId: number;
  steps: Step[];
  can: (permission: string) => boolean;
  confirm: (options: ConfirmOptions) => Promise<{ confirmed: boolean }>;
  /**
   * Whether an invitation can succeed: the participation is not checked or validated
   * (contracts' participationAcceptsContributions) and its survey is published and open.
   * Otherwise the button is not offered and a line says why.
   */
  invitable: { ok: true } | { ok: false; reason: 'reviewed' | 'surveyClosed' };
}

/** Who was invited to fill this participation, which steps, where they are; invite or remove. */
export function ContributorsSection({ participationId, steps, can, confirm, invitable }: ContributorsSectionProps) {
  const { t } = useSurveysT();
  const [inviting, setInviting] = useState(false);
  const contributors = useContributors(participationId);
  const remove = useSurveyMutation((id: number) => removeContributor(id), { success: t('contributors.removed') });
  const stepTitles = new Map(steps.map((s) => [s.id, s.title]));
  const nameOf = (c: Contributor) => (c.agent ? agentLabel(c.agent) : `#${c.user_id ?? c.id}`);

  const askRemove = async (c: Contributor) => {
    const answer = await confirm({ message: t('contributors.removeConfirm', { name: nameOf(c) }), confirmLabel: t('common.delete') });
    if (answer.confirmed) remove.mutate(c.id);
  };

  return (
    <Stack gap="sm" data-testid="contributors-section">
      {can('contributors.create') && !invitable.ok ? (
        <Text size="sm" c="dimmed" data-testid="invite-unavailable">
          {t(invitable.reason === 'reviewed' ? 'contributors.reviewedNoInvite' : 'contributors.closedNoInvite')}
        </Text>
      ) : null}
      {can('contributors.create') && invitable.ok ? (
        <Group>
          <Button size="xs" variant="light" leftSection={<IconUserPlus size={14} />} onClick={() => setInviting(true)} data-testid="invite-contributors">
            {t('contributors.invite')}
          </Button>
        </Group>
      ) : null}
      <QueryState isPending={contributors.isPending} error={contributors.error} onRetry={() => void contributors.refetch()}>
        {(contributors.data?.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('contributors.empty')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {(contributors.data?.data ?? []).map((c) => (
              <Group key={c.id} component="li" justify="space-between" wrap="nowrap" data-testid="contributor-item">
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {nameOf(c)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {c.step_ids.length ? c.step_ids.map((id) => stepTitles.get(id) ?? `#${id}`).join(', ') : t('contributors.allSteps')}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Badge variant="light" size="sm">
                    {t(`contributors.statuses.${c.status}`)}
                  </Badge>
                  {can('contributors.delete') ? (
                    <ActionIcon variant="subtle" color="red" aria-label={t('contributors.remove', { name: nameOf(c) })} onClick={() => void askRemove(c)}>
                      <IconX size={16} />
                    </ActionIcon>
                  ) : null}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </QueryState>
      <ContributorInviteModal opened={inviting} participationId={participationId} steps={steps} onClose={() => setInviting(false)} />
    </Stack>
  );
}
