import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { fetchParticipationResults, type MyParticipation } from '../../../features/collection/answering/answering.api';
import { useAnsweringT } from '../../../features/collection/answering/answering-i18n';
import { participationsPath } from './survey-paths';
import { useParticipationStatusLabel } from '../../../ui/participation-status';
import { participationNumber } from '@app/contracts/participation-views';

const STATUS_COLORS: Record<string, string> = { in_progress: 'gray', submitted: 'blue', checked: 'teal', validated: 'green' };

function formatDate(iso: string | null | undefined, locale: string): string {
  return iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) : '';
}

function Answers({ id }: { id: number }) {
  const { t } = useAnsweringT();
  const results = useQuery({ queryKey: ['participations', id, 'results'], queryFn: ({ signal }) => fetchParticipationResults(id, signal) });
  if (results.isPending) return <Loader size="sm" aria-label={t('loading')} />;
  if (results.isError)
    return (
      <Text c="red" role="alert">
        {results.error.message}
      </Text>
    );
  return (
    <Stack gap={6} component="dl" m={0} mt="xs">
      {results.data.answers.map((a) => (
        <div key={a.question_id}>
          <Text component="dt" size="sm" fw={600}>
            {a.label}
          </Text>
          <Text component="dd" size="sm" m={0} c={a.answered ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line' }}>
            {a.answered ? a.display : t('noAnswer')}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

function ParticipationCard({ sid, p, showSurvey }: { sid: string; p: MyParticipation; showSurvey: boolean }) {
  const { t, i18n } = useAnsweringT();
  const statusLabel = useParticipationStatusLabel();
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder padding="sm" data-testid="my-participation">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          {showSurvey && p.survey ? (
            <Anchor component={Link} to={participationsPath(sid, p.survey.code)} fw={600}>
              {p.survey.title}
            </Anchor>
          ) : null}
          <Text size="sm">
            {t('reference', { id: participationNumber(p) })} ·{' '}
            {p.submitted_at ? t('submittedAt', { date: formatDate(p.submitted_at, i18n.language) }) : t('startedAt', { date: formatDate(p.started_at, i18n.language) })}
          </Text>
        </Stack>
        <Badge color={STATUS_COLORS[p.status] ?? 'gray'} variant="light">
          {statusLabel(p.status)}
        </Badge>
      </Group>
      <Button variant="subtle" size="compact-sm" mt="xs" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
        {open ? t('hideAnswers') : t('showAnswers')}
      </Button>
      {open ? <Answers id={p.id} /> : null}
    </Card>
  );
}

/** The account's participations, newest first, each with its answers on demand. */
export function ParticipationList({ sid, rows, showSurvey }: { sid: string; rows: MyParticipation[]; showSurvey: boolean }) {
  return (
    <Stack gap="xs">
      {rows.map((p) => (
        <ParticipationCard key={p.id} sid={sid} p={p} showSurvey={showSurvey} />
      ))}
    </Stack>
  );
}
