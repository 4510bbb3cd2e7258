import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { inSession } from '../../../lib/session/session-id';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { useCompanyT } from '../company-i18n';
import { type CompanyInput, createCompany } from './company.api';
import { CompanyForm } from './CompanyForm';
import { JoinCompanyForm } from './JoinCompanyForm';

/**
 * Where a person without a company starts (business home, `/business/join`): found a
 * company, or ask to join one by its code.
 */
export function CompanyStart({ sid, initialCode }: { sid: string; initialCode?: string }) {
  const { t } = useCompanyT();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: ({ input, logo }: { input: CompanyInput; logo: File | null }) => createCompany(sid, input, logo),
    onSuccess: (company) => {
      showToast({ message: t('created', { name: company.name }), tone: 'success' });
      navigate(inSession(sid, '/business'));
    },
    onError: showError,
  });
  return (
    <Stack gap="md" data-testid="company-start">
      <div>
        <Title order={2} size="h3">
          {t('startTitle')}
        </Title>
        <Text c="dimmed" size="sm" data-testid="no-company">
          {t('startIntro')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg">
          <Title order={3} size="h4">
            {t('createTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('createIntro')}
          </Text>
          <CompanyForm submitLabel={t('createSubmit')} busy={create.isPending} onSubmit={(input, logo) => create.mutateAsync({ input, logo })} />
        </Card>
        <Card withBorder padding="lg">
          <Title order={3} size="h4">
            {t('joinTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('joinIntro')}
          </Text>
          <JoinCompanyForm initialCode={initialCode} />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
