import { isPeopleType } from '@app/contracts/company';
import { INVITATION_CODE_PAGE } from '@app/contracts/routes';
import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApprovalsPage } from '../../../features/tenancy/approvals/ApprovalsPage';
import { CompanySettingsPage } from '../../../features/tenancy/company/CompanySettingsPage';
import { CompanyStart } from '../../../features/tenancy/company/CompanyStart';
import { AgentPage } from '../../../features/tenancy/people/AgentPage';
import { InvitationsPage } from '../../../features/tenancy/people/InvitationsPage';
import { PeoplePage } from '../../../features/tenancy/people/PeoplePage';
import { RolePage } from '../../../features/tenancy/roles/RolePage';
import { RolesPage } from '../../../features/tenancy/roles/RolesPage';
import { inSession } from '../../../lib/session/session-id';
import { useCurrentSession } from '../../../lib/session/use-session';
import { PageHeader } from '../../../ui/PageHeader';
import { NotFoundPage } from '../../errors/NotFoundPage';

/** Thin route components: read the address, hand the values to the feature screens. */

export function CompanyRoute() {
  return <CompanySettingsPage />;
}

export function JoinRoute() {
  const { sid } = useCurrentSession();
  const [params] = useSearchParams();
  const { t } = useTranslation('nav');
  const { t: tSession } = useTranslation('session');
  // Invited by a company whose e-mail gave a code: the invitation page takes it.
  const withCode = (
    <Button component={Link} to={inSession(sid, INVITATION_CODE_PAGE)} variant="default">
      {tSession('invitationCodeTitle')}
    </Button>
  );
  return (
    <Stack gap="md">
      <PageHeader title={t('items.joinCompany')} actions={withCode} />
      <CompanyStart sid={sid} initialCode={params.get('code') ?? undefined} />
    </Stack>
  );
}

export function UsersRoute() {
  return <PeoplePage type="agents" />;
}

export function PeopleRoute() {
  const { type } = useParams();
  return isPeopleType(type) ? <PeoplePage key={type} type={type} /> : <NotFoundPage />;
}

export function PersonRoute() {
  const { type, user } = useParams();
  const id = Number(user);
  if (type === 'customers' || !isPeopleType(type) || !Number.isSafeInteger(id) || id <= 0) return <NotFoundPage />;
  return <AgentPage key={id} type={type} id={id} />;
}

export function InvitationsRoute() {
  return <InvitationsPage />;
}

export function ApprovalsRoute() {
  return <ApprovalsPage />;
}

export function RolesRoute() {
  return <RolesPage />;
}

export function RoleRoute() {
  const { role } = useParams();
  const id = Number(role);
  return Number.isSafeInteger(id) && id > 0 ? <RolePage key={id} id={id} /> : <NotFoundPage />;
}
