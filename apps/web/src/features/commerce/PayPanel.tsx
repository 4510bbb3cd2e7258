import { operatorOfMobile, PAYMENT_PROVIDER_LABELS, type PaymentKind, type PaymentProvider } from '@app/contracts/commerce';
import { Alert, Button, Card, Group, Loader, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { showError } from '../../lib/show-error';
import { formatMoney } from '../../ui/format';
import { commerceApi, type Transaction } from './commerce-api';
import { useCommerceT } from './commerce-i18n';

const POLL_MS = 2000;
const OPEN: readonly string[] = ['initiated', 'pending'];

/**
 * Pay by mobile money: phone number → the operator asks the payer on their phone →
 * pending (polled through `check`, which also learns callbacks) → success or failure.
 * One client key per attempt, so a double click sends one request.
 */
export function PayPanel({
  kind,
  targetId,
  amount,
  currency,
  onStarted,
  onSettled,
}: {
  kind: PaymentKind;
  targetId: number;
  amount: number;
  currency: string;
  /** A payment was sent: the page keeps the panel to show its outcome. */
  onStarted?: () => void;
  onSettled?: (tx: Transaction) => void;
}) {
  const { t } = useCommerceT();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState('');
  const [chosen, setChosen] = useState<PaymentProvider | null>(null);
  const [sending, setSending] = useState(false);
  const [started, setStarted] = useState<Transaction | null>(null);
  const detected = operatorOfMobile(phone);
  const provider = chosen ?? detected ?? 'mtn_momo';

  const live = useQuery({
    queryKey: ['payment-check', started?.id],
    enabled: started !== null,
    queryFn: () => commerceApi.checkPayment(kind, started!.id),
    initialData: started ?? undefined,
    refetchInterval: (query) => (query.state.data && OPEN.includes(query.state.data.status) ? POLL_MS : false),
  });
  const tx = live.data ?? started;
  // Once per transaction, when its outcome is known: tell the page and refresh what it paid.
  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (!tx || OPEN.includes(tx.status) || announced.current === tx.id) return;
    announced.current = tx.id;
    onSettled?.(tx);
    for (const key of ['resource', 'articles', 'features', 'packages']) {
      void queryClient.invalidateQueries({ queryKey: [key] });
    }
  }, [tx, onSettled, queryClient]);

  const submit = async () => {
    if (!detected) return;
    setSending(true);
    try {
      const created = await commerceApi.initPayment(kind, { target_id: targetId, provider, phone, client_key: crypto.randomUUID() });
      setStarted(created);
      onStarted?.();
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Card withBorder padding="lg" data-testid="pay-panel">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('pay.title')}
        </Title>
        {tx && OPEN.includes(tx.status) ? (
          <Group gap="sm" data-testid="pay-pending">
            <Loader size="sm" />
            <Text>{t('pay.pending', { provider: PAYMENT_PROVIDER_LABELS[tx.provider] })}</Text>
          </Group>
        ) : tx?.status === 'succeeded' ? (
          <Alert color="teal" data-testid="pay-succeeded">
            {t('pay.succeeded')}
          </Alert>
        ) : (
          <>
            {tx?.status === 'failed' || tx?.status === 'expired' ? (
              <Alert color="red" data-testid="pay-failed">
                {tx.status === 'failed' ? t('pay.failed', { reason: tx.failure_reason ?? '' }) : t('pay.expired')}
              </Alert>
            ) : null}
            <TextInput
              label={t('pay.phone')}
              description={t('pay.phoneHint')}
              inputMode="tel"
              value={phone}
              onChange={(e) => {
                setPhone(e.currentTarget.value);
                setChosen(null);
              }}
              error={phone.replace(/\D/g, '').length >= 9 && !detected ? t('pay.badPhone') : undefined}
              data-testid="pay-phone"
            />
            <SegmentedControl
              value={provider}
              onChange={(value) => setChosen(value as PaymentProvider)}
              data={(Object.keys(PAYMENT_PROVIDER_LABELS) as PaymentProvider[]).map((value) => ({ value, label: PAYMENT_PROVIDER_LABELS[value] }))}
              aria-label={t('pay.provider')}
            />
            <Button onClick={() => void submit()} loading={sending} disabled={!detected} data-testid="pay-submit">
              {tx ? t('pay.retry') : t('pay.submit', { amount: formatMoney(amount, currency) })}
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}
