import { Grid, Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title.hook';
import { useCan } from '../../surveys/survey-abilities';
import { surveyPath, surveysPath } from '../../surveys/survey-paths';
import { useSurvey } from '../../surveys/survey-queries';
import { useSurveysT } from '../../surveys/surveys-i18n';
import { QueryState } from '../../../ui/QueryState';
import { ParticipationDetails, surveyTakesAnswers, type ParticipationTab } from './ParticipationDetails';
import { PageBreadcrumbs } from '../../../ui/PageBreadcrumbs';
import { ParticipationChat } from '../../messaging/chat/ParticipationChat';

/**
 * Section 2, conversations: a contributor's participation details
 * (`conversations/survey/{id}/{participation}?multiple=1&tab=contributors`), the page
 * the "a contribué au formulaire" toast opens.
 */
export function ParticipationPage({ sid, surveyId, participationId }: { sid: string; surveyId: string; participationId: number }) {
  const { t } = useSurveysT();
  const can = useCan();
  const [search, setSearch] = useSearchParams();
  const survey = useSurvey(surveyId);
  const tab: ParticipationTab = search.get('tab') === 'contributors' ? 'contributors' : 'answers';
  useDocumentTitle(t('live.participationTitle', { id: participationId }));

  return (
    <QueryState isPending={survey.isPending} error={survey.error} onRetry={() => void survey.refetch()} notFound={t('detail.notFound')}>
      {survey.data ? (
        <Stack data-testid="participation-page" maw={1400}>
          <PageBreadcrumbs
            items={[
              { label: t('nav.surveys'), to: surveysPath(sid) },
              { label: survey.data.title, to: surveyPath(sid, survey.data, 'participations') },
              { label: t('live.participationTitle', { id: participationId }) },
            ]}
          />
          <Title order={1} size="h2">
            {t('live.participationTitle', { id: participationId })}
          </Title>
          <Grid>
            {/* The conversation beside the answers on wide screens, below them on tablets, a button on top on phones. */}
            <Grid.Col span={{ base: 12, lg: 7 }} order={{ base: 2, sm: 1 }}>
              <ParticipationDetails
                participationId={participationId}
                steps={survey.data.steps ?? []}
                can={can}
                surveyOpen={surveyTakesAnswers(survey.data)}
                tab={tab}
                onTabChange={(next) =>
                  setSearch((current) => {
                    const params = new URLSearchParams(current);
                    params.set('tab', next === 'contributors' ? 'contributors' : 'answers');
                    return params;
                  })
                }
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }} order={{ base: 1, sm: 2 }}>
              <ParticipationChat participationId={participationId} />
            </Grid.Col>
          </Grid>
        </Stack>
      ) : null}
    </QueryState>
  );
}
