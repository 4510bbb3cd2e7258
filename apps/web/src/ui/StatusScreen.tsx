import { statusMessage } from '@app/contracts/status-messages';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/document-title.hook';

export interface StatusScreenProps {
  testId: string;
  /** HTTP-like status; its section-8 message is shown when no message is given. */
  status?: number;
  title?: string;
  message?: string;
}

/** Full-page status (error, not found) with a way back home, shared by error routes. */
export function StatusScreen({ testId, status, title, message }: StatusScreenProps) {
  const { t, i18n } = useTranslation();
  const heading = title ?? (status ? t('errors:pageTitle', { code: status }) : t('errors:genericTitle'));
  const body = message ?? (status ? statusMessage(status, i18n.language) : t('errors:unknown'));
  useDocumentTitle(heading);
  return (
    <Container component="main" size="sm" data-testid={testId}>
      <Stack align="center" justify="center" gap="md" ta="center" mih="100dvh" py="xl">
        {status ? (
          <Text component="p" fz={72} fw={800} lh={1} c="dimmed" aria-hidden>
            {status}
          </Text>
        ) : null}
        <Title order={1} size="h2">
          {heading}
        </Title>
        <Text component="p">{body}</Text>
        <Button component={Link} to="/" variant="light">
          {t('common:backHome')}
        </Button>
      </Stack>
    </Container>
  );
}
