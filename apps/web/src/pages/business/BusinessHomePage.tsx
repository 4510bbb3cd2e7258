import { canDo } from '@app/contracts/permissions';
import { Avatar, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { decorativePicture } from '../../lib/reduced-data';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CompanySwitcher } from '../../features/identity/session/CompanySwitcher';
import { RoleBadges } from '../../features/identity/session/RoleBadges';
import { PINNED_CARD_HEIGHT } from '../../features/structure/pins/pinned-card-size';
import { PendingInvitations } from '../../features/tenancy/invitations/PendingInvitations';
import { useDocumentTitle } from '../../lib/document-title.hook';
import { activeAgentOf } from '../../lib/session/account-model';
import { useAccount } from '../../lib/session/use-session';
import { LabelValue } from '../../ui/LabelValue';

// The dashboard and the start screen (forms, selects) load after the page's frame.
const CompanyDashboard = lazy(() => import('../../features/tenancy/company/CompanyDashboard').then((m) => ({ default: m.CompanyDashboard })));
// The "Épinglés" card brings its texts (structure namespace) with it.
const PinnedCard = lazy(async () => {
  const [{ PinnedCard: Card }, { loadStructureI18n }] = await Promise.all([import('../../features/structure/pins/PinnedCard'), import('../../features/structure/structure-i18n')]);
  await loadStructureI18n();
  return { default: Card };
});
const CompanyStart = lazy(() => import('../../features/tenancy/company/CompanyStart').then((m) => ({ default: m.CompanyStart })));

/**
 * /{sid}/business (and `{action}/overview`): the active company's dashboard; for a
 * person without a company, creating one or asking to join one by code. Pending
 * invitations of the account show here too.
 */
export function BusinessHomePage() {
  const { t } = useTranslation('session');
  const account = useAccount();
  const [params] = useSearchParams();
  useDocumentTitle(t('businessTitle'));
  if (!account) return null;
  const agent = activeAgentOf(account);
  return (
    <Stack gap="lg" data-testid="business-home">
      <Title order={1} size="h2">
        {t('welcome', { name: account.usr.name })}
      </Title>
      {agent ? (
        <Card withBorder padding="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Avatar src={decorativePicture(agent.company.logo ? `/${agent.company.logo}` : null)} alt="" radius="sm">
                {agent.company.name.slice(0, 2).toUpperCase()}
              </Avatar>
              <div style={{ minWidth: 0 }}>
                <Title order={2} size="h3" data-testid="active-company" lineClamp={1}>
                  {agent.company.name}
                </Title>
                <Text size="sm" c="dimmed">
                  <LabelValue label={t('companyCode')}><b data-testid="active-company-code">{agent.company.code}</b></LabelValue>
                  {agent.job ? ` · ${agent.job}` : ''}
                </Text>
                <RoleBadges account={account} />
              </div>
            </Group>
            <CompanySwitcher account={account} />
          </Group>
        </Card>
      ) : null}
      <Suspense fallback={<Loader size="sm" />}>
        {agent ? (
          <CompanyDashboard
            account={account}
            below={
              canDo(account.permissions, 'pins', 'list') ? (
                // The card's own height while its code loads: nothing moves when it arrives.
                <Suspense fallback={<Card withBorder h={PINNED_CARD_HEIGHT} aria-hidden />}>
                  <PinnedCard />
                </Suspense>
              ) : null
            }
          />
        ) : (
          <CompanyStart sid={account.sid} initialCode={params.get('code') ?? undefined} />
        )}
      </Suspense>
      <PendingInvitations sid={account.sid} hideWhenEmpty={Boolean(agent)} />
    </Stack>
  );
}
