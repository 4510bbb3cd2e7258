import { Grid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AskToTalkForm } from '../../features/messaging/support/AskToTalkForm';
import { MyRequests } from '../../features/messaging/support/MyRequests';
import { SupportRequestView } from '../../features/messaging/support/SupportRequestView';
import { useCurrentSession } from '../../lib/session/use-session';
import { PageHeader } from '../../ui/PageHeader';

/**
 * `/{sessionID}/web/contact[/{id}]`: asking a company to talk. The form and the account's
 * requests; one request (waiting, then the conversation) once chosen or just sent.
 * `?company=CODE` fills in the company (a company's page can link here).
 */
export function ContactCompanyPage() {
  const { t } = useTranslation('nav');
  const { sid } = useCurrentSession();
  const navigate = useNavigate();
  const { id } = useParams();
  const [search] = useSearchParams();
  const roomId = id && /^\d+$/.test(id) ? Number(id) : null;
  return (
    <Stack gap="md">
      <PageHeader title={t('items.contactCompany')} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {roomId !== null ? (
            <SupportRequestView key={roomId} sid={sid} id={roomId} />
          ) : (
            <AskToTalkForm initialCode={search.get('company') ?? ''} onSent={(room) => navigate(`/${sid}/web/contact/${room.id}`)} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <MyRequests sid={sid} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
