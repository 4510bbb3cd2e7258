import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PendingInvitations } from '../../features/invitations/PendingInvitations';
import { CompanySwitcher } from '../../features/session/CompanySwitcher';
import { LazySurveyShortcuts } from '../../features/surveys/LazySurveyShortcuts';
import { PermissionSummary } from '../../features/session/PermissionSummary';
import { RoleBadges } from '../../features/session/RoleBadges';
import { useDocumentTitle } from '../../lib/document-title.hook';
import { activeAgentOf } from '../../lib/session/account-model';
import { inSession } from '../../lib/session/session-id';
import { useAccount } from '../../lib/session/use-session';

/**
 * /{sid}/business: where agents and customers land after sign-in. A first, small view:
 * the active company, the person's roles and permissions there, and the switcher.
 */
export function BusinessHomePage() {
  const { t } = useTranslation('session');
  const account = useAccount();
  useDocumentTitle(t('businessTitle'));
  if (!account) return null;
  const agent = activeAgentOf(account);
  return (
    <Stack gap="lg" data-testid="business-home">
      <Title order={1} size="h2">
        {t('welcome', { name: account.usr.name })}
      </Title>
      {agent ? <LazySurveyShortcuts account={account} /> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg">
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('activeCompany')}
            </Text>
            {agent ? (
              <>
                <Title order={2} size="h3" data-testid="active-company">
                  {agent.company.name}
                </Title>
                <Text size="sm">
                  {t('companyCode')} : <b data-testid="active-company-code">{agent.company.code}</b>
                </Text>
                {agent.job ? <Text size="sm">{t('job', { job: agent.job })}</Text> : null}
                <Group gap="xs" mt="xs">
                  <CompanySwitcher account={account} />
                </Group>
              </>
            ) : (
              <>
                <Text data-testid="no-company">{t('noCompanyYet')}</Text>
                <Anchor component={Link} to={inSession(account.sid, '/web')} size="sm">
                  {t('goToWeb')}
                </Anchor>
              </>
            )}
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('yourRoles')}
            </Text>
            <RoleBadges account={account} />
            <Text size="sm" c="dimmed" mt="sm">
              {agent ? t('permissionsInCompany', { count: Object.keys(account.permissions).length }) : t('permissionsOfAccount')}
            </Text>
            <PermissionSummary permissions={account.permissions} />
          </Stack>
        </Card>
      </SimpleGrid>
      {agent ? null : <PendingInvitations sid={account.sid} />}
    </Stack>
  );
}
