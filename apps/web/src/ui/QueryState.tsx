import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/http-error';

export interface QueryStateProps {
  isPending: boolean;
  error: unknown;
  onRetry?: () => void;
  children: ReactNode;
  /** Shown instead of the generic message for a 404. */
  notFound?: string;
  /**
   * What stands in while loading: shaped like the content so nothing jumps when it
   * arrives. Three text lines by default.
   */
  skeleton?: ReactNode;
}

/** Placeholder lines of the content's height, announced as loading to screen readers. */
export function SkeletonLines({ lines = 3, height = 16 }: { lines?: number; height?: number }) {
  const { t } = useTranslation('kit');
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={t('loading')} data-testid="loading">
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own
        <Skeleton key={index} height={height} width={index === lines - 1 ? '60%' : '100%'} radius="sm" />
      ))}
    </Stack>
  );
}

/** The error of a failed load: the server's French message (section 8) and a retry. */
export function LoadError({ error, onRetry, notFound }: { error: unknown; onRetry?: () => void; notFound?: string }) {
  const { t } = useTranslation('kit');
  const missing = isApiError(error) && error.status === 404;
  const message = missing ? (notFound ?? t('notFound')) : isApiError(error) ? error.message : t('loadError');
  return (
    <Alert color={missing ? 'yellow' : 'red'} title={missing ? undefined : t('loadError')} role="alert" data-testid="load-error">
      <Stack gap="xs">
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {message}
        </Text>
        {onRetry && !missing ? (
          <Group>
            <Button size="xs" variant="light" onClick={onRetry}>
              {t('retry')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** Loading (a skeleton), error (message and retry) or the content. */
export function QueryState({ isPending, error, onRetry, children, notFound, skeleton }: QueryStateProps) {
  if (error) return <LoadError error={error} onRetry={onRetry} notFound={notFound} />;
  if (isPending) return <>{skeleton ?? <SkeletonLines />}</>;
  return <>{children}</>;
}
