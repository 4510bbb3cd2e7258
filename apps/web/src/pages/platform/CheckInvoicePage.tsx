import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { commerceApi } from '../../features/commerce/commerce-api';
import { statusLabels, useCommerceT } from '../../features/commerce/commerce-i18n';
import { useDocumentTitle } from '../../lib/document-title.hook';
import { PublicShell } from '../../ui/PublicShell';
import { SkeletonLines } from '../../ui/QueryState';

/** /check/invoices/{code}: anyone holding the invoice learns whether it is genuine and its status, nothing more. */
export function CheckInvoicePage() {
  const { t } = useCommerceT();
  const { code = '' } = useParams();
  useDocumentTitle(t('check.title'));
  const check = useQuery({ queryKey: ['invoice-check', code], queryFn: () => commerceApi.checkInvoice(code), retry: false });
  return (
    <PublicShell>
      <Stack data-testid="invoice-check">
        <Title order={1} size="h2">
          {t('check.title')}
        </Title>
        <Text c="dimmed">{t('check.code', { code })}</Text>
        {check.isPending ? (
          <SkeletonLines />
        ) : check.data?.genuine ? (
          <Alert color="teal" icon={<IconCircleCheck />} title={t('check.genuine')} data-testid="invoice-check-genuine">
            {t('check.status', { status: statusLabels(t, 'invoiceStatus')[check.data.status] ?? check.data.status })}
          </Alert>
        ) : (
          <Alert color="red" icon={<IconCircleX />} data-testid="invoice-check-unknown">
            {t('check.unknown')}
          </Alert>
        )}
      </Stack>
    </PublicShell>
  );
}
