import { Anchor, Drawer, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCurrentSession } from '../../../lib/session/use-session';
import { participationDetailsPath } from '../../surveys/survey-paths';
import type { Survey } from '../../surveys/survey.types';
import { useSurveysT } from '../../surveys/surveys-i18n';
import { ParticipationDetails, surveyTakesAnswers, type ParticipationTab } from './ParticipationDetails';

interface ParticipationDrawerProps {
  survey: Survey;
  participationId: number | null;
  /** What "N°" shows (its number in the company). */
  number?: number | null;
  can: (permission: string) => boolean;
  onClose: () => void;
}

/** The review drawer of the participations table (full screen on a phone). */
export function ParticipationDrawer({ survey, participationId, number, can, onClose }: ParticipationDrawerProps) {
  const { t } = useSurveysT();
  const { sid } = useCurrentSession();
  const phone = useMediaQuery('(max-width: 48em)');
  const [tab, setTab] = useState<ParticipationTab>('answers');
  return (
    <Drawer
      opened={participationId !== null}
      onClose={() => {
        setTab('answers');
        onClose();
      }}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={participationId !== null ? t('participations.details', { id: number ?? participationId }) : undefined}
    >
      {participationId !== null ? (
        <Stack>
          <Anchor component={Link} to={participationDetailsPath(sid, survey.id, participationId)} size="sm">
            {t('participation.openConversation')}
          </Anchor>
          <ParticipationDetails
            participationId={participationId}
            steps={survey.steps ?? []}
            can={can}
            tab={tab}
            onTabChange={setTab}
            surveyOpen={surveyTakesAnswers(survey)}
          />
        </Stack>
      ) : null}
    </Drawer>
  );
}
