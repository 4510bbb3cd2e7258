import { Anchor, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { fetchMyParticipations } from '../../../features/collection/answering/answering.api';
import { useAnsweringT } from '../../../features/collection/answering/answering-i18n';
import { listLocalDrafts } from '../../../features/collection/answering/local-drafts';
import { useDocumentTitle } from '../../../lib/document-title.hook';
import { CodeSearch } from './CodeSearch';
import { ParticipationList } from './ParticipationList';
import { answerPath } from './survey-paths';

/**
 * `/{sid}/web/surveys` (and `/{type}`): the surveys a customer can answer (by company or
 * survey code), the ones started on this device, and their own participations.
 */
export function WebSurveysPage() {
  const { t } = useAnsweringT();
  const { sessionID: sid = '', type } = useParams();
  useDocumentTitle(t('surveysTitle'));
  const drafts = useMemo(() => listLocalDrafts(sid), [sid]);
  const mine = useQuery({ queryKey: ['participations', 'mine', sid], queryFn: ({ signal }) => fetchMyParticipations(undefined, signal) });
  const rows = (mine.data ?? []).filter((p) => !type || type === 'contribution' || p.survey?.type === type);
  return (
    <Stack gap="lg" data-testid="web-surveys">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('surveysTitle')}
        </Title>
        <Text c="dimmed">{t('surveysIntro')}</Text>
      </Stack>
      <CodeSearch sid={sid} />
      {drafts.length ? (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('drafts')}
          </Title>
          {drafts.map((d) => (
            <Card key={`${d.code}:${d.participation ?? ''}`} withBorder padding="sm">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={0}>
                  <Text fw={600}>{d.title}</Text>
                  <Text size="sm" c="dimmed">
                    {t('draftProgress', { count: d.answered })}
                  </Text>
                </Stack>
                <Anchor component={Link} to={answerPath(sid, d.code) + (d.participation ? `?participation=${encodeURIComponent(d.participation)}` : '')}>
                  {t('resume')}
                </Anchor>
              </Group>
            </Card>
          ))}
        </Stack>
      ) : null}
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('mine')}
        </Title>
        {mine.isPending ? <Loader size="sm" aria-label={t('loading')} /> : null}
        {mine.isError ? (
          <Text c="red" role="alert">
            {mine.error.message}
          </Text>
        ) : null}
        {mine.isSuccess && rows.length === 0 ? <Text c="dimmed">{t('noParticipation')}</Text> : null}
        <ParticipationList sid={sid} rows={rows} showSurvey />
      </Stack>
    </Stack>
  );
}
