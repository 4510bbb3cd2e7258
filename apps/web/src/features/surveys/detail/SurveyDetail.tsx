import { Center, Loader, Stack, Tabs } from '@mantine/core';
import { IconChartBar, IconHammer, IconList, IconShare } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title.hook';
import { SurveyBuilder } from '../builder/SurveyBuilder';
import { ParticipationsPanel } from '../../collection/participations/ParticipationsPanel';
import { SharePanel } from '../../collection/share/SharePanel';
import { useCan } from '../survey-abilities';
import { isSurveyTab, type SurveyTab, surveyPath } from '../survey-paths';
import { useSurvey } from '../survey-queries';
import { useSurveysT } from '../surveys-i18n';
import { useConfirm } from '../../../ui/ConfirmDialog';
import { QueryState } from '../../../ui/QueryState';
import { SurveyHeader } from './SurveyHeader';

// Charts (recharts) load only when someone opens the results.
const ResultsPanel = lazy(() => import('../../collection/results/ResultsPanel').then((m) => ({ default: m.ResultsPanel })));

interface SurveyDetailProps {
  sid: string;
  surveyId: string;
  typeSegment: string | undefined;
  action: string;
}

/**
 * A survey's page: header, then builder / share / participations / results tabs. The
 * tab lives in `?tab=`: switching only changes that query value (section 2, behaviour
 * of navigation), so a tab can be linked to and the back button returns to it.
 */
export function SurveyDetail({ sid, surveyId, typeSegment, action }: SurveyDetailProps) {
  const { t } = useSurveysT();
  const can = useCan();
  const [confirm, confirmDialog] = useConfirm();
  const [search, setSearch] = useSearchParams();
  const { search: rawSearch } = useLocation();
  const survey = useSurvey(surveyId);
  const tab: SurveyTab = isSurveyTab(search.get('tab')) ? (search.get('tab') as SurveyTab) : 'builder';
  useDocumentTitle(survey.data?.title ?? t('nav.surveys'));

  const changeTab = (next: string | null) => {
    if (!isSurveyTab(next) || next === tab) return;
    setSearch((current) => {
      const params = new URLSearchParams(current);
      params.set('tab', next);
      if (next !== 'builder') params.delete('step');
      return params;
    });
  };

  const data = survey.data;
  // The `{type}` segment follows the survey: an old or hand-typed link is corrected in place.
  if (data && typeSegment !== data.type) return <Navigate to={`${surveyPath(sid, data, undefined, action)}${rawSearch}`} replace />;

  return (
    <QueryState isPending={survey.isPending} error={survey.error} onRetry={() => void survey.refetch()} notFound={t('detail.notFound')}>
      {data ? (
        <Stack data-testid="survey-detail">
          <SurveyHeader sid={sid} survey={data} can={can} confirm={confirm} />
          <Tabs value={tab} onChange={changeTab} keepMounted={false}>
            <Tabs.List aria-label={t('detail.tabs')} style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
              <Tabs.Tab value="builder" leftSection={<IconHammer size={16} />} data-testid="tab-builder">
                {t('detail.tabBuilder')}
              </Tabs.Tab>
              <Tabs.Tab value="share" leftSection={<IconShare size={16} />} data-testid="tab-share">
                {t('detail.tabShare')}
              </Tabs.Tab>
              <Tabs.Tab value="participations" leftSection={<IconList size={16} />} data-testid="tab-participations">
                {t('detail.tabParticipations')}
              </Tabs.Tab>
              <Tabs.Tab value="results" leftSection={<IconChartBar size={16} />} data-testid="tab-results">
                {t('detail.tabResults')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="builder" pt="md">
              <SurveyBuilder survey={data} can={can} confirm={confirm} />
            </Tabs.Panel>
            <Tabs.Panel value="share" pt="md">
              <SharePanel survey={data} />
            </Tabs.Panel>
            <Tabs.Panel value="participations" pt="md">
              <ParticipationsPanel survey={data} can={can} />
            </Tabs.Panel>
            <Tabs.Panel value="results" pt="md">
              <Suspense
                fallback={
                  <Center py="xl">
                    <Loader size="sm" />
                  </Center>
                }
              >
                <ResultsPanel survey={data} />
              </Suspense>
            </Tabs.Panel>
          </Tabs>
          {confirmDialog}
        </Stack>
      ) : null}
    </QueryState>
  );
}
