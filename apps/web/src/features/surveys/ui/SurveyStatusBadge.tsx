import type { SurveyStatus } from '@app/contracts/surveys';
import { Badge } from '@mantine/core';
import type { ParticipationStatus } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';
import { useParticipationStatusLabel } from '../../../ui/participation-status';

const SURVEY_COLORS: Record<SurveyStatus, string> = {
  draft: 'gray',
  submitted: 'blue',
  published: 'teal',
  rejected: 'orange',
  closed: 'dark',
};

export function SurveyStatusBadge({ status }: { status: SurveyStatus }) {
  const { t } = useSurveysT();
  return (
    <Badge color={SURVEY_COLORS[status] ?? 'gray'} variant="light" data-testid="survey-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

const PARTICIPATION_COLORS: Record<ParticipationStatus, string> = {
  in_progress: 'gray',
  submitted: 'blue',
  checked: 'violet',
  validated: 'teal',
};

export function ParticipationStatusBadge({ status }: { status: ParticipationStatus }) {
  const statusLabel = useParticipationStatusLabel();
  return (
    <Badge color={PARTICIPATION_COLORS[status] ?? 'gray'} variant="light">
      {statusLabel(status)}
    </Badge>
  );
}
