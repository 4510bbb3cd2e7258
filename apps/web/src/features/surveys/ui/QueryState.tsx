import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { isApiError } from '../../../lib/http-error';
import { useSurveysT } from '../surveys-i18n';

interface QueryStateProps {
  isPending: boolean;
  error: unknown;
  onRetry?: () => void;
  children: ReactNode;
  /** Shown instead of the generic message for a 404. */
  notFound?: string;
}

/** Loading, error (with the server's French message and a retry) or the content. */
export function QueryState({ isPending, error, onRetry, children, notFound }: QueryStateProps) {
  const { t } = useSurveysT();
  if (error) {
    const missing = isApiError(error) && error.status === 404 && notFound;
    return (
      <Alert color={missing ? 'yellow' : 'red'} title={missing ? undefined : t('common.loadError')} role="alert" data-testid="load-error">
        <Stack gap="xs">
          <Text size="sm">{missing ? notFound : isApiError(error) ? error.message : t('common.loadError')}</Text>
          {onRetry && !missing ? (
            <Group>
              <Button size="xs" variant="light" onClick={onRetry}>
                {t('common.retry')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Alert>
    );
  }
  if (isPending) {
    return (
      <Center py="xl" aria-busy="true">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  return <>{children}</>;
}
