import { targetSessionPath, targetQueryValue } from '@app/contracts/targets';
import { Anchor, Button, Card, Image, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { contributionPath } from '../../../answer/public-link';
import { rememberTargetLabel } from '../../../answer/target-label';
import { isApiError } from '../../../lib/http-error';
import { useCurrentSession } from '../../../lib/session/use-session';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { fetchTargetLanding } from './targets.api';
import { useTargetsT } from './targets-i18n';

/**
 * `/{sessionID}/m/{type}/{id}/{code}` of a target: the signed-in twin of the public
 * landing page (answer.html). It names the target, its site and photo, and offers the
 * company's open evaluation surveys for it; exactly one opens straight away, on the
 * signed-in answering page, which then records an agent's visit with its position.
 */
export function TargetLandingPage({ type, id, code, search }: { type: string; id: string; code: string; search: string }) {
  const t = useTargetsT();
  const { sid } = useCurrentSession();
  const navigate = useNavigate();
  const landing = useQuery({ queryKey: ['targets', sid, 'landing', type, id, code], queryFn: () => fetchTargetLanding(type, code, id), retry: false });
  const data = landing.data;
  const answerLink = (surveyCode: string) => {
    const query = new URLSearchParams(search);
    if (data) {
      const value = targetQueryValue(data.target.kind, data.target.id);
      query.set('target', value);
      rememberTargetLabel(value, data.target.name, data.target.site?.name);
    }
    return contributionPath(surveyCode, query, sid);
  };
  const only = data?.surveys.length === 1 ? data.surveys[0] : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: answerLink reads data, which `only` follows.
  useEffect(() => {
    if (only) navigate(answerLink(only.code), { replace: true });
  }, [only, navigate]);
  const notFound = isApiError(landing.error) && landing.error.status === 404;
  return (
    <Stack gap="md" maw={560}>
      <PageHeader title={data?.target.name ?? (notFound ? t('landing.notFound') : t('landing.loading'))} description={data?.company.name} />
      {notFound ? (
        <Text data-testid="landing-not-found">{t('landing.notFoundText')}</Text>
      ) : (
        <QueryState isPending={landing.isPending} error={landing.error} onRetry={() => void landing.refetch()}>
          {data ? (
            <Card withBorder data-testid="landing-target">
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  {t(`kinds.${data.target.kind}`)}
                  {data.target.site ? ` · ${t('landing.site', { name: data.target.site.name })}` : ''}
                </Text>
                {data.target.photo && /^(\/|https?:)/.test(data.target.photo) ? <Image src={data.target.photo} alt={data.target.name} radius="sm" mah={200} fit="cover" /> : null}
                {data.surveys.length === 0 ? <Text data-testid="landing-no-survey">{t('landing.noSurvey')}</Text> : <Text fw={500}>{t('landing.chooseSurvey')}</Text>}
                {data.surveys.map((s) => (
                  <Button key={s.code} component={Link} to={answerLink(s.code)} variant="light" data-testid="landing-survey">
                    {s.title}
                  </Button>
                ))}
                <Anchor component={Link} to={targetSessionPath(sid, data.target.kind, data.target.id, data.target.code)} size="xs" c="dimmed">
                  {data.target.code}
                </Anchor>
              </Stack>
            </Card>
          ) : null}
        </QueryState>
      )}
    </Stack>
  );
}
