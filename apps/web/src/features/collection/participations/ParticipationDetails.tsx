import { participationAcceptsContributions } from '@app/contracts/participation-views';
import { Button, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { exportParticipationPdf, type ReviewAction, reviewParticipation } from '../../surveys/api/participations.api';
import { useParticipation, useParticipationResults } from '../../surveys/survey-queries';
import { useSurveyMutation } from '../../surveys/survey-mutation';
import type { Participation, Step, Survey } from '../../surveys/survey.types';
import { useSurveysT } from '../../surveys/surveys-i18n';
import { useConfirm } from '../../../ui/ConfirmDialog';
import { formatDateTime, formatNumber } from '../../../ui/format';
import { QueryState } from '../../../ui/QueryState';
import { ParticipationStatusBadge } from '../../surveys/ui/SurveyStatusBadge';
import { GeofenceBadge } from '../targets/GeofenceBadge';
import { AnswerList } from './AnswerList';
import { ContributorsSection } from './ContributorsSection';
import { respondentName } from './respondent';
import { reviewActionsFor } from './review-actions';
import { useParticipationStatusLabel } from '../../../ui/participation-status';
import { participationNumber } from '@app/contracts/participation-views';

export type ParticipationTab = 'answers' | 'contributors';

interface ParticipationDetailsProps {
  participationId: number;
  steps: Step[];
  can: (permission: string) => boolean;
  tab: ParticipationTab;
  onTabChange: (tab: ParticipationTab) => void;
  /** The survey takes answers now (published, active, available): contributors can be invited. */
  surveyOpen: boolean;
}

/** Whether the survey takes answers now (its window and quota are the server's to check). */
export function surveyTakesAnswers(survey: Pick<Survey, 'status' | 'active' | 'availability'>): boolean {
  return survey.status === 'published' && survey.active && survey.availability === 'available';
}

function InfoLine({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/**
 * One participation for review: who, when, where, its answers, its contributors, the
 * check / uncheck / validate buttons the account may use, and the PDF export.
 */
export function ParticipationDetails({ participationId, steps, can, tab, onTabChange, surveyOpen }: ParticipationDetailsProps) {
  const { t } = useSurveysT();
  const [confirm, confirmDialog] = useConfirm();
  const statusLabel = useParticipationStatusLabel();
  const results = useParticipationResults(participationId);
  // The row with its respondent (the results carry the answers, not who gave them).
  const row = useParticipation(participationId);
  const review = useSurveyMutation(({ action }: { action: ReviewAction }) => reviewParticipation(participationId, action), {
    success: (p: Participation) => t('participation.reviewed', { id: participationNumber(p), status: statusLabel(p.status).toLowerCase() }),
  });
  const pdf = useMutation({
    mutationFn: () => exportParticipationPdf(participationId),
    onSuccess: (name) => showToast({ message: t('share.downloaded', { name }), tone: 'success' }),
    onError: showError,
  });
  const p = row.data ?? results.data?.participation;

  const runReview = async (action: ReviewAction) => {
    if (action === 'validate') {
      const answer = await confirm({ message: t('participation.confirmValidate', { id: p ? participationNumber(p) : participationId }), confirmLabel: t('participation.validate'), color: 'teal' });
      if (!answer.confirmed) return;
    }
    review.mutate({ action });
  };

  return (
    <QueryState isPending={results.isPending || row.isPending} error={results.error ?? row.error} onRetry={() => void Promise.all([results.refetch(), row.refetch()])}>
      {p ? (
        <Stack data-testid="participation-details">
          <Group justify="space-between">
            <Group gap="xs">
              <ParticipationStatusBadge status={p.status} />
              <GeofenceBadge status={p.geofence_status} distance={p.geofence_distance_m} />
            </Group>
            <Group gap="xs">
              {reviewActionsFor(p.status, can).map((action) => (
                <Button
                  key={action}
                  size="xs"
                  color={action === 'validate' ? 'teal' : action === 'uncheck' ? 'gray' : 'violet'}
                  variant={action === 'uncheck' ? 'default' : 'filled'}
                  loading={review.isPending && review.variables?.action === action}
                  disabled={review.isPending}
                  onClick={() => void runReview(action)}
                  data-testid={`review-${action}`}
                >
                  {t(`participation.${action}`)}
                </Button>
              ))}
              {can('participations.export') ? (
                <Button size="xs" variant="light" leftSection={<IconFileTypePdf size={14} />} loading={pdf.isPending} onClick={() => pdf.mutate()} data-testid="export-pdf">
                  {t('participation.exportPdf')}
                </Button>
              ) : null}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <InfoLine label={t('participation.respondent')} value={respondentName(p) ?? t('participations.anonymous')} />
            {p.participant?.phone ? <InfoLine label={t('participation.phone')} value={p.participant.phone} /> : null}
            {p.participant?.email ? <InfoLine label={t('participation.email')} value={p.participant.email} /> : null}
            <InfoLine label={t('participation.started')} value={formatDateTime(p.started_at)} />
            <InfoLine label={t('participation.submitted')} value={formatDateTime(p.submitted_at)} />
            {p.checked_at ? <InfoLine label={t('participation.checkedAt')} value={formatDateTime(p.checked_at)} /> : null}
            {p.validated_at ? <InfoLine label={t('participation.validatedAt')} value={formatDateTime(p.validated_at)} /> : null}
            {p.score !== null ? <InfoLine label={t('participation.score')} value={formatNumber(p.score)} /> : null}
            {p.latitude !== null && p.longitude !== null ? (
              <InfoLine
                label={t('participation.location')}
                value={
                  <a href={`https://www.openstreetmap.org/?mlat=${p.latitude}&mlon=${p.longitude}#map=17/${p.latitude}/${p.longitude}`} target="_blank" rel="noopener noreferrer">
                    {t('participation.openMap')}
                  </a>
                }
              />
            ) : null}
            {p.ref || p.src ? <InfoLine label={t('participation.source')} value={[p.ref, p.src].filter(Boolean).join(' · ')} /> : null}
          </SimpleGrid>
          <Tabs value={tab} onChange={(value) => value && onTabChange(value as ParticipationTab)}>
            <Tabs.List>
              <Tabs.Tab value="answers">{t('participation.answers')}</Tabs.Tab>
              <Tabs.Tab value="contributors">{t('participation.contributors')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="answers" pt="md">
              <AnswerList answers={results.data?.answers ?? []} steps={steps} />
            </Tabs.Panel>
            <Tabs.Panel value="contributors" pt="md">
              <ContributorsSection
                participationId={participationId}
                steps={steps}
                can={can}
                confirm={confirm}
                invitable={
                  !participationAcceptsContributions(p.status)
                    ? { ok: false, reason: 'reviewed' }
                    : surveyOpen
                      ? { ok: true }
                      : { ok: false, reason: 'surveyClosed' }
                }
              />
            </Tabs.Panel>
          </Tabs>
          {confirmDialog}
        </Stack>
      ) : null}
    </QueryState>
  );
}
