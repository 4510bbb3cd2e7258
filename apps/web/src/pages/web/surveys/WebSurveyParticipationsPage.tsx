import { Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { fetchMyParticipations, resolveCode } from '../../../features/collection/answering/answering.api';
import { useAnsweringT } from '../../../features/collection/answering/answering-i18n';
import { useDocumentTitle } from '../../../lib/document-title.hook';
import { ParticipationList } from './ParticipationList';
import { answerPath, surveysPath } from './survey-paths';

/** The survey behind `{id}`: a numeric id, or a public code resolved through public/getobject. */
async function loadOwnParticipations(id: string, signal: AbortSignal) {
  if (/^\d+$/.test(id)) {
    const rows = await fetchMyParticipations(Number(id), signal);
    return { title: rows[0]?.survey?.title ?? null, rows };
  }
  const target = await resolveCode(id);
  if (target?.type !== 'survey') return { title: null, rows: [] };
  return { title: target.survey.title, rows: await fetchMyParticipations(target.survey.id, signal) };
}

/** `/{sid}/web/surveys/{type}/{id}/participations`: what this account answered to one survey. */
export function WebSurveyParticipationsPage() {
  const { t } = useAnsweringT();
  const { sessionID: sid = '', type = 'contribution', id = '' } = useParams();
  const query = useQuery({ queryKey: ['participations', 'mine', sid, id], queryFn: ({ signal }) => loadOwnParticipations(id, signal) });
  const heading = query.data?.title ? t('participationsOf', { title: query.data.title }) : t('participationsTitle');
  useDocumentTitle(heading);
  return (
    <Stack gap="md" data-testid="web-survey-participations">
      <Group justify="space-between" wrap="wrap">
        <Anchor component={Link} to={surveysPath(sid)} size="sm">
          {t('backToSurveys')}
        </Anchor>
        <Anchor component={Link} to={answerPath(sid, id, type)} size="sm">
          {t('answerAgain')}
        </Anchor>
      </Group>
      <Title order={1} size="h2">
        {heading}
      </Title>
      {query.isPending ? <Loader size="sm" aria-label={t('loading')} /> : null}
      {query.isError ? (
        <Text c="red" role="alert">
          {query.error.message}
        </Text>
      ) : null}
      {query.isSuccess && query.data.rows.length === 0 ? <Text c="dimmed">{t('noParticipation')}</Text> : null}
      {query.data ? <ParticipationList sid={sid} rows={query.data.rows} showSurvey={false} /> : null}
    </Stack>
  );
}
