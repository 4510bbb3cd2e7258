import { formatInvoiceNumber } from '@app/contracts/commerce';
import { ActionIcon, Button, Card, Checkbox, Drawer, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { canDo } from '@app/contracts/permissions';
import { fetchApiFile, saveBlob } from '../surveys/api/download';
import { api } from '../../lib/api-client';
import { showError } from '../../lib/show-error';
import { useAccount } from '../../lib/session/use-session';
import { useResource } from '../../lib/resource/use-resource';
import { ConfirmButton } from '../../ui/ConfirmDialog';
import { DetailPage } from '../../ui/detail/DetailPage';
import { formatDate, formatMoney, formatNumber } from '../../ui/format';
import { ListPage } from '../../ui/list/ListPage';
import { StatusBadge } from '../../ui/StatusBadge';
import { type Invoice, invoicesResource, myInvoicesResource } from './commerce-api';
import { statusLabels, useCommerceT } from './commerce-i18n';
import { commercePaths } from './commerce-paths';
import { PayPanel } from './PayPanel';
import { LabelValue } from '../../ui/LabelValue';

let nextUid = 1;
const newLine = (): DraftLine => ({ uid: nextUid++, label: '', quantity: 1, unit_price: 0 });


/**
 * /{sid}/business/{action}/invoices, /{sid}/web/invoices (a customer's own) and
 * /{sid}/mnt/finances/{action}/invoices (a platform admin: every company's, `detailHref`).
 */
export function InvoiceListPage({ asCustomer = false, detailHref }: { asCustomer?: boolean; detailHref?: (sid: string, id: number) => string }) {
  const { t } = useCommerceT();
  const { sessionID = '' } = useParams();
  const account = useAccount();
  const [creating, setCreating] = useState(false);
  const canCreate = !asCustomer && account ? canDo(account.permissions ?? {}, 'invoices', 'create') : false;
  return (
    <>
      <ListPage
        title={asCustomer ? t('invoices.mine') : t('invoices.title')}
        resource={asCustomer ? myInvoicesResource : invoicesResource}
        testId="invoice"
        // The API has no invoices/search (nor invoices/mine/search): no box that could only fail.
        searchable={false}
        rowHref={(row) => (detailHref ?? (asCustomer ? commercePaths.webInvoice : commercePaths.invoice))(sessionID, row.id)}
        rowLabel={(row) => formatInvoiceNumber(row)}
        filters={[{ key: 'status', label: t('invoices.status'), options: Object.entries(statusLabels(t, 'invoiceStatus')).map(([value, label]) => ({ value, label })) }]}
        actions={canCreate ? <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="invoice-create">{t('invoices.create')}</Button> : undefined}
        columns={[
          { id: 'number', header: t('invoices.number'), cell: (row) => formatInvoiceNumber(row), sortKey: 'number', primary: true },
          // The customer sees who billed them; the company, whom it billed.
          asCustomer
            ? { id: 'issuer', header: t('invoices.issuer'), cell: (row) => row.company?.name ?? '' }
            : { id: 'customer', header: t('invoices.customer'), cell: (row) => row.customer_name, sortKey: 'customer_name' },
          { id: 'total', header: t('invoices.total'), cell: (row) => formatMoney(row.total, row.currency), sortKey: 'total', align: 'right' },
          { id: 'due', header: t('invoices.due'), cell: (row) => formatDate(row.due_at), sortKey: 'due_at' },
          { id: 'status', header: t('invoices.status'), cell: (row) => <StatusBadge status={row.status} labels={statusLabels(t, 'invoiceStatus')} /> },
        ]}
      />
      {canCreate ? <InvoiceCreateDrawer opened={creating} onClose={() => setCreating(false)} sid={sessionID} /> : null}
    </>
  );
}

interface DraftLine {
  /** Stable React key of a line being edited (never sent). */
  uid: number;
  label: string;
  quantity: number;
  unit_price: number;
}

function InvoiceCreateDrawer({ opened, onClose, sid }: { opened: boolean; onClose: () => void; sid: string }) {
  const { t } = useCommerceT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [issue, setIssue] = useState(true);
  const [lines, setLines] = useState<DraftLine[]>(() => [newLine()]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const setLine = (i: number, patch: Partial<DraftLine>) => setLines((all) => all.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const save = async () => {
    setSaving(true);
    try {
      const created = await api.post<Invoice>('invoices', { customer_name: name, ...(email && { customer_email: email }), lines: lines.map(({ uid: _uid, ...line }) => line), issue });
      await queryClient.invalidateQueries({ queryKey: ['resource'] });
      onClose();
      navigate(commercePaths.invoice(sid, created.id));
    } catch (error) {
      const details = (error as { details?: Record<string, string[]> }).details;
      if (details) setErrors(details);
      else showError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Drawer opened={opened} onClose={onClose} title={t('invoices.create')} position="right" size="lg">
      <Stack>
        <TextInput label={t('invoices.customerName')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.customer_name?.[0]} required data-testid="invoice-customer" />
        <TextInput label={t('invoices.customerEmail')} value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.customer_email?.[0]} />
        {lines.map((line, i) => (
          <Group key={line.uid} align="flex-end" wrap="nowrap">
            <TextInput style={{ flex: 3 }} label={t('invoices.line')} value={line.label} onChange={(e) => setLine(i, { label: e.currentTarget.value })} error={errors[`lines.${i}.label`]?.[0]} data-testid={`invoice-line-${i}`} />
            <NumberInput style={{ flex: 1 }} label={t('invoices.quantity')} min={1} value={line.quantity} onChange={(v) => setLine(i, { quantity: Number(v) || 0 })} />
            <NumberInput style={{ flex: 2 }} label={t('invoices.unitPrice')} min={0} thousandSeparator=" " value={line.unit_price} onChange={(v) => setLine(i, { unit_price: Number(v) || 0 })} data-testid={`invoice-price-${i}`} />
            <ActionIcon variant="subtle" color="red" aria-label="×" disabled={lines.length === 1} onClick={() => setLines((all) => all.filter((_, j) => j !== i))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setLines((all) => [...all, newLine()])}>
          {t('invoices.addLine')}
        </Button>
        <Checkbox label={t('invoices.issueNow')} checked={issue} onChange={(e) => setIssue(e.currentTarget.checked)} />
        <Button onClick={() => void save()} loading={saving} data-testid="invoice-save">
          {t('invoices.save')}
        </Button>
      </Stack>
    </Drawer>
  );
}

/** /{sid}/business/{action}/invoices/{invoice} and /{sid}/web/invoices/{invoice}. */
export function InvoiceDetailPage({ asCustomer = false }: { asCustomer?: boolean }) {
  const { t } = useCommerceT();
  const { sessionID = '', invoice: id = '' } = useParams();
  const account = useAccount();
  const query = useResource(invoicesResource, id);
  const queryClient = useQueryClient();
  const invoice = query.data;
  // Once a payment starts here, the panel stays to show its outcome after the invoice turns
  // paid (the live `invoice.paid` event may refresh the invoice before the panel hears of it).
  const [payingHere, setPayingHere] = useState(false);
  const permissions = account?.permissions ?? {};
  const can = (action: string) => !asCustomer && canDo(permissions, 'invoices', action);
  // Who pays: the customer the invoice is addressed to, or the company for the platform's
  // invoice to it (renewal, overage). An issuer never pays its own invoice.
  const payerSees = (row: Invoice) => asCustomer || (row.from_platform && canDo(permissions, 'transactions', 'init'));
  const act = async (action: string) => {
    try {
      await api.post(`invoices/${id}/${action}`);
      await queryClient.invalidateQueries({ queryKey: ['resource'] });
    } catch (error) {
      showError(error);
    }
  };
  const download = async () => {
    try {
      const file = await fetchApiFile(`invoices/${id}/download`, { method: 'POST', fallbackName: `facture-${id}.pdf` });
      saveBlob(file.blob, file.name);
    } catch (error) {
      showError(error);
    }
  };
  const title = invoice ? `Facture ${formatInvoiceNumber(invoice)}` : t('invoices.title');
  return (
    <DetailPage
      title={title}
      query={query}
      breadcrumbs={[{ label: asCustomer ? t('invoices.mine') : t('invoices.title'), to: asCustomer ? commercePaths.webInvoices(sessionID) : commercePaths.invoices(sessionID) }, { label: title }]}
      actions={
        invoice ? (
          <Group gap="xs">
            {invoice.status === 'draft' && can('update') ? <Button onClick={() => void act('issue')}>{t('invoices.issue')}</Button> : null}
            {invoice.status === 'open' && can('pay') ? (
              <ConfirmButton variant="light" confirm={{ message: t('invoices.markPaidConfirm') }} onConfirm={() => act('pay')}>
                {t('invoices.markPaid')}
              </ConfirmButton>
            ) : null}
            {(invoice.status === 'open' || invoice.status === 'draft') && can('close') ? (
              <ConfirmButton variant="light" color="red" confirm={{ message: t('invoices.closeConfirm') }} onConfirm={() => act('close')}>
                {t('invoices.close')}
              </ConfirmButton>
            ) : null}
            <Button variant="default" onClick={() => void download()} data-testid="invoice-download">
              {t('invoices.download')}
            </Button>
          </Group>
        ) : null
      }
    >
      {invoice ? (
        <Stack>
          <Group gap="lg">
            <StatusBadge status={invoice.status} labels={statusLabels(t, 'invoiceStatus')} size="lg" data-testid="invoice-status" />
            {invoice.company ? (
              <Text data-testid="invoice-issuer">
                <LabelValue label={t('invoices.issuer')}><b>{invoice.company.name}</b></LabelValue>
              </Text>
            ) : null}
            <Text>
              <LabelValue label={t('invoices.customer')}><b>{invoice.customer_name}</b></LabelValue>
            </Text>
            <Text>
              <LabelValue label={t('invoices.due')}>{formatDate(invoice.due_at)}</LabelValue>
            </Text>
            <Text size="sm" c="dimmed">
              <LabelValue label={t('invoices.checkCode')}>{invoice.code}</LabelValue>
            </Text>
          </Group>
          {/* On a phone (below xs) the quantity and unit price go under the line's label: two columns fit 360 px. */}
          <Card withBorder padding={0} data-testid="invoice-lines">
            <Table layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="50%">{t('invoices.line')}</Table.Th>
                  <Table.Th ta="right" visibleFrom="xs">{t('invoices.quantity')}</Table.Th>
                  <Table.Th ta="right" visibleFrom="xs">{t('invoices.unitPrice')}</Table.Th>
                  <Table.Th ta="right">{t('invoices.total')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(invoice.lines ?? []).map((line) => (
                  <Table.Tr key={line.id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {line.label}
                      <Text size="xs" c="dimmed" hiddenFrom="xs">
                        {line.quantity} × {formatMoney(line.unit_price, invoice.currency)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" visibleFrom="xs">{line.quantity}</Table.Td>
                    <Table.Td ta="right" visibleFrom="xs">{formatMoney(line.unit_price, invoice.currency)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(line.amount, invoice.currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Stack gap={4} p="sm">
              <Group justify="space-between" wrap="nowrap">
                <Text>{t('invoices.subtotal')}</Text>
                <Text>{formatMoney(invoice.subtotal, invoice.currency)}</Text>
              </Group>
              <Group justify="space-between" wrap="nowrap">
                <Text>{t('invoices.tax', { rate: formatNumber(invoice.tax_rate_bp / 100, 2) })}</Text>
                <Text>{formatMoney(invoice.tax_amount, invoice.currency)}</Text>
              </Group>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{t('invoices.total')}</Text>
                <Text fw={700} data-testid="invoice-total">{formatMoney(invoice.total, invoice.currency)}</Text>
              </Group>
            </Stack>
          </Card>
          {(invoice.status === 'open' || payingHere) && payerSees(invoice) ? (
            <PayPanel
              kind="invoice"
              targetId={invoice.id}
              amount={invoice.total}
              currency={invoice.currency}
              onStarted={() => setPayingHere(true)}
              onSettled={() => void query.refetch()}
            />
          ) : null}
        </Stack>
      ) : null}
    </DetailPage>
  );
}
