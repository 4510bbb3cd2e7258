import { PAYMENT_PROVIDER_LABELS } from '@app/contracts/commerce';
import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useResource } from '../../lib/resource/use-resource';
import { DetailPage } from '../../ui/detail/DetailPage';
import { formatDateTime, formatMoney } from '../../ui/format';
import { ListPage } from '../../ui/list/ListPage';
import { StatusBadge } from '../../ui/StatusBadge';
import { transactionsResource } from './commerce-api';
import { statusLabels, useCommerceT } from './commerce-i18n';
import { commercePaths } from './commerce-paths';

const COLORS = { succeeded: 'teal', failed: 'red', pending: 'yellow', initiated: 'blue', expired: 'gray' };

/** /{sid}/business/{action}/transactions, and /{sid}/mnt/finances/{action}/transactions (every company's, `detailHref`). */
export function TransactionListPage({ detailHref = commercePaths.transaction }: { detailHref?: (sid: string, id: number) => string }) {
  const { t } = useCommerceT();
  const { sessionID = '' } = useParams();
  return (
    <ListPage
      title={t('transactions.title')}
      resource={transactionsResource}
      testId="transaction"
      // The API has no transactions/search: no box that could only fail.
      searchable={false}
      rowHref={(row) => detailHref(sessionID, row.id)}
      rowLabel={(row) => `#${row.id}`}
      filters={[
        { key: 'status', label: t('invoices.status'), options: Object.entries(statusLabels(t, 'transactionStatus')).map(([value, label]) => ({ value, label })) },
        { key: 'provider', label: t('transactions.provider'), options: Object.entries(PAYMENT_PROVIDER_LABELS).map(([value, label]) => ({ value, label })) },
      ]}
      columns={[
        { id: 'date', header: t('transactions.date'), cell: (row) => formatDateTime(row.created_at), sortKey: 'created_at', primary: true },
        { id: 'kind', header: t('transactions.kind'), cell: (row) => `${t(`transactions.kinds.${row.kind}`)} ${row.target_id}` },
        { id: 'provider', header: t('transactions.provider'), cell: (row) => PAYMENT_PROVIDER_LABELS[row.provider] },
        { id: 'phone', header: t('transactions.phone'), cell: (row) => row.payer_phone },
        { id: 'amount', header: t('transactions.amount'), cell: (row) => formatMoney(row.amount, row.currency), sortKey: 'amount', align: 'right' },
        {
          id: 'status',
          header: t('invoices.status'),
          cell: (row) => (
            <Group gap={4} wrap="nowrap">
              <StatusBadge status={row.status} labels={statusLabels(t, 'transactionStatus')} colors={COLORS} />
              {row.needs_refund ? <Badge color="orange">{t('transactions.needsRefund')}</Badge> : null}
            </Group>
          ),
        },
      ]}
    />
  );
}

/** /{sid}/business/{action}/transactions/{transaction} */
export function TransactionDetailPage() {
  const { t } = useCommerceT();
  const { sessionID = '', transaction: id = '' } = useParams();
  const query = useResource(transactionsResource, id);
  const tx = query.data;
  const field = (label: string, value: React.ReactNode) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
    </Stack>
  );
  return (
    <DetailPage title={`Transaction #${id}`} query={query} breadcrumbs={[{ label: t('transactions.title'), to: commercePaths.transactions(sessionID) }, { label: `#${id}` }]}>
      {tx?.needs_refund ? (
        <Alert color="orange" title={t('transactions.needsRefund')} mb="md">
          {t('transactions.needsRefundHelp')}
        </Alert>
      ) : null}
      {tx ? (
        <Card withBorder>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {field(t('invoices.status'), <StatusBadge status={tx.status} labels={statusLabels(t, 'transactionStatus')} colors={COLORS} />)}
            {field(t('transactions.kind'), `${t(`transactions.kinds.${tx.kind}`)} ${tx.target_id}`)}
            {field(t('transactions.amount'), formatMoney(tx.amount, tx.currency))}
            {field(t('transactions.provider'), PAYMENT_PROVIDER_LABELS[tx.provider])}
            {field(t('transactions.phone'), tx.payer_phone)}
            {field(t('transactions.date'), formatDateTime(tx.created_at))}
            {tx.settled_by ? field(t('transactions.settledBy'), `${t(`transactions.settled.${tx.settled_by}`)} — ${formatDateTime(tx.settled_at)}`) : null}
            {tx.failure_reason ? field(t('transactions.reason'), tx.failure_reason) : null}
            {tx.provider_reference ? field(t('booking.providerReference'), tx.provider_reference) : null}
          </SimpleGrid>
        </Card>
      ) : null}
    </DetailPage>
  );
}
