import { targetSessionPath } from '@app/contracts/targets';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { contributionPath } from '../../../answer/public-link';
import { isApiError } from '../../../lib/http-error';
import { useCurrentSession } from '../../../lib/session/use-session';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { fetchCompanyLanding } from './targets.api';
import { useTargetsT } from './targets-i18n';

/**
 * `/{sessionID}/m/co/{id}/{code}`: a company code opened while signed in — the places it
 * asks to rate (each to its landing page) and its open surveys, answered in the app.
 */
export function CompanyLandingPage({ code, search }: { code: string; search: string }) {
  const t = useTargetsT();
  const { sid } = useCurrentSession();
  const landing = useQuery({ queryKey: ['targets', sid, 'company', code], queryFn: () => fetchCompanyLanding(code), retry: false });
  const data = landing.data;
  const notFound = isApiError(landing.error) && landing.error.status === 404;
  return (
    <Stack gap="md" maw={560}>
      <PageHeader title={data?.company.name ?? (notFound ? t('landing.notFound') : t('landing.loading'))} />
      {notFound ? (
        <Text data-testid="landing-not-found">{t('landing.notFoundText')}</Text>
      ) : (
        <QueryState isPending={landing.isPending} error={landing.error} onRetry={() => void landing.refetch()}>
          {data ? (
            <Card withBorder data-testid="landing-company">
              <Stack gap="sm">
                {data.targets.length ? (
                  <>
                    <Title order={2} size="h4">
                      {t('landing.companyTargets')}
                    </Title>
                    {data.targets.map((target) => (
                      <Button
                        key={`${target.kind}-${target.id}`}
                        component={Link}
                        to={targetSessionPath(sid, target.kind, target.id, target.code)}
                        variant="default"
                        data-testid="landing-target-link"
                      >
                        {target.site ? `${target.name} — ${target.site.name}` : target.name}
                      </Button>
                    ))}
                  </>
                ) : null}
                <Title order={2} size="h4">
                  {t('landing.companySurveys')}
                </Title>
                {data.surveys.length === 0 ? <Text>{t('landing.noSurvey')}</Text> : null}
                {data.surveys.map((s) => (
                  <Button key={s.code} component={Link} to={contributionPath(s.code, search, sid)} variant="light" data-testid="landing-survey">
                    {s.title}
                  </Button>
                ))}
              </Stack>
            </Card>
          ) : null}
        </QueryState>
      )}
    </Stack>
  );
}
