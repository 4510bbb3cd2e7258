import { Stack, Text, Title } from '@mantine/core';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { resolvePublicLink } from '../../../answer/public-link';
import { useAnsweringT } from '../../../features/collection/answering/answering-i18n';

/**
 * `/{sessionID}/m/{type}/{id}/{code}`: the signed-in link lands on the contribution
 * page with ref, src, participant, participation and steps/can carried over.
 */
export function sessionLinkLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const link = resolvePublicLink(url.pathname, url.search);
  if (link?.kind === 'rewrite') throw redirect(link.to);
  return null;
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
