import { targetKindOfLinkType } from '@app/contracts/targets';
import { Stack, Text, Title } from '@mantine/core';
import { type LoaderFunctionArgs, redirect, useLocation, useParams } from 'react-router';
import { resolvePublicLink } from '../../../answer/public-link';
import { useAnsweringT } from '../../../features/collection/answering/answering-i18n';
import { CompanyLandingPage } from '../../../features/collection/targets/CompanyLandingPage';
import { TargetLandingPage } from '../../../features/collection/targets/TargetLandingPage';

/**
 * `/{sessionID}/m/{type}/{id}/{code}`: a survey's signed-in link lands on the contribution
 * page with ref, src, participant, participation and steps/can carried over; a target's
 * (agent, group, site, workspace, audience) or a company's opens its landing page.
 */
export function sessionLinkLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const link = resolvePublicLink(url.pathname, url.search);
  if (link?.kind === 'rewrite') throw redirect(link.to);
  return null;
}

/** The landing page of a target's link, or an explanation for a link type the app cannot open. */
export function SessionLinkPage() {
  const params = useParams();
  const { search } = useLocation();
  const type = params.type ?? '';
  const kind = targetKindOfLinkType(type);
  if (kind === 'company') return <CompanyLandingPage code={params.code ?? ''} search={search} />;
  if (kind) return <TargetLandingPage type={type.toLowerCase()} id={params.id ?? ''} code={params.code ?? ''} search={search} />;
  return <UnknownLinkPage />;
}

/** Shown only for a link type the app cannot open. */
export function UnknownLinkPage() {
  const { t } = useAnsweringT();
  return (
    <Stack gap="xs" data-testid="unknown-link">
      <Title order={1} size="h2">
        {t('unknownLinkTitle')}
      </Title>
      <Text>{t('unknownLinkText')}</Text>
    </Stack>
  );
}
