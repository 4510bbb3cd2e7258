import { companyJoinLink } from '@app/contracts/company';
import { Button, Card, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activeAgentOf } from '../../../lib/session/account-model';
import { reloadUser } from '../../../lib/session/session-service';
import { useCurrentSession } from '../../../lib/session/use-session';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { QrCodeImage } from '../../collection/share/QrCodeImage';
import { useTargetQr } from '../../collection/targets/TargetQrModal';
import { useTargetsT } from '../../collection/targets/targets-i18n';
import { downloadApiFile } from '../../surveys/api/download';
import { useCompanyT } from '../company-i18n';
import { useCan } from '../use-can';
import { type CompanyInput, getCompany, updateCompany, uploadCompanyLogo } from './company.api';
import { CompanyForm } from './CompanyForm';

/** `business/company`: the active company's details, its public code and the code's QR. */
export function CompanySettingsPage() {
  const { t } = useCompanyT();
  const { sid, account } = useCurrentSession();
  const can = useCan();
  const client = useQueryClient();
  const companyId = account ? activeAgentOf(account)?.company_id : undefined;
  const company = useQuery({
    queryKey: ['company', sid, companyId],
    queryFn: ({ signal }) => getCompany(companyId!, signal),
    enabled: companyId !== undefined,
  });
  const save = useMutation({
    mutationFn: async ({ input, logo }: { input: CompanyInput; logo: File | null }) => {
      await updateCompany(companyId!, input);
      if (logo) await uploadCompanyLogo(companyId!, logo);
    },
    onSuccess: async () => {
      showToast({ message: t('saved'), tone: 'success' });
      await client.invalidateQueries({ queryKey: ['company', sid] });
      // The header and switcher show the name and logo from the account.
      await reloadUser(sid);
    },
    onError: showError,
  });
  const data = company.data;
  const tq = useTargetsT();
  const evaluationQr = useTargetQr();
  const joinUrl = data ? `${window.location.origin}${companyJoinLink(data.code)}` : '';
  return (
    <Stack gap="md" data-testid="company-settings">
      {evaluationQr.modal}
      <PageHeader title={t('settingsTitle')} />
      <QueryState isPending={company.isPending} error={company.error} onRetry={() => void company.refetch()}>
        {data ? (
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <Card withBorder padding="lg" style={{ gridColumn: 'span 2' }}>
              {can('companies', 'update') ? null : (
                <Text size="sm" c="dimmed" mb="sm">
                  {t('readOnly')}
                </Text>
              )}
              <CompanyForm
                key={data.id}
                company={data}
                submitLabel={t('save')}
                readOnly={!can('companies', 'update')}
                busy={save.isPending}
                onSubmit={(input, logo) => save.mutateAsync({ input, logo })}
              />
            </Card>
            <Card withBorder padding="lg">
              <Title order={2} size="h4">
                {t('codeTitle')}
              </Title>
              <Text size="sm" c="dimmed" my="xs">
                {t('codeHelp')}
              </Text>
              <Code fz="xl" fw={700} data-testid="company-code">
                {data.code}
              </Code>
              <Group justify="center" my="md">
                <QrCodeImage value={joinUrl} size={200} alt={`${t('code')} ${data.code}`} />
              </Group>
              <Button
                variant="light"
                fullWidth
                onClick={() =>
                  downloadApiFile(`companies/${data.id}/qrcode.png`, { query: { download: 1, size: 1024 }, fallbackName: `entreprise-${data.code}.png` }).catch(showError)
                }
              >
                {t('downloadQr')}
              </Button>
              {/* The other code of the company: its public page of evaluations (/m/co/{code}). */}
              <Button variant="default" fullWidth mt="xs" onClick={() => evaluationQr.open('company', data.id, data.name)} data-testid="company-evaluation-qr">
                {tq('qr.companyEvaluations')}
              </Button>
            </Card>
          </SimpleGrid>
        ) : null}
      </QueryState>
    </Stack>
  );
}
