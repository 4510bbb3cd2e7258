import { WEB_ROUTES } from '@app/contracts/routes';
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { LanguageSwitcher } from './LanguageSwitcher';

/** Frame of the signed-out pages: product name, language and theme, legal links. */
export function PublicShell({ children, size = 'xs' }: { children: ReactNode; size?: 'xs' | 'md' }) {
  const { t } = useTranslation('common');
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Container component="header" size="md" w="100%" py="md">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={WEB_ROUTES.root} fw={800} fz="lg" underline="never" c="inherit">
            {t('appName')}
          </Anchor>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher />
            <ColorSchemeToggle />
          </Group>
        </Group>
      </Container>
      <Container component="main" size={size} w="100%" py="lg" style={{ flex: 1 }}>
        {children}
      </Container>
      <Container component="footer" size="md" w="100%" py="md">
        <Group component="nav" aria-label={t('legalNav')} justify="center" gap="lg">
          <Anchor component={Link} to={WEB_ROUTES.privacyPolicy} size="sm" c="dimmed">
            {t('privacyPolicy')}
          </Anchor>
          <Anchor component={Link} to={WEB_ROUTES.termsAndConditions} size="sm" c="dimmed">
            {t('terms')}
          </Anchor>
        </Group>
        <Text size="xs" c="dimmed" ta="center" mt="xs">
          {t('tagline')}
        </Text>
      </Container>
    </Box>
  );
}
