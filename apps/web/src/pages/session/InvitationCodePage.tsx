import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { InvitationCodeEntry } from '../../features/tenancy/invitations/InvitationCodeEntry';
import { useCurrentSession } from '../../lib/session/use-session';
import { PageHeader } from '../../ui/PageHeader';

/**
 * /{sid}/invitation[/{code}]: "J'ai un code d'invitation", for any signed-in account. The
 * invitation e-mail's link lands on it with the code (through sign-in when needed).
 */
export function InvitationCodePage() {
  const { t } = useTranslation('session');
  const { sid } = useCurrentSession();
  const { code } = useParams();
  return (
    <Stack gap="md">
      <PageHeader title={t('invitationCodeTitle')} />
      <InvitationCodeEntry key={code ?? ''} sid={sid} initialCode={code ?? ''} />
    </Stack>
  );
}
