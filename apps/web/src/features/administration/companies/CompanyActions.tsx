import type { AdminCompanyDetail } from '@app/contracts/admin';
import { Button, Card, Group, Modal, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { showError } from '../../../lib/show-error';
import { showToast } from '../../../lib/toast';
import { useConfirm } from '../../../ui/ConfirmDialog';
import { commerceApi } from '../../commerce/commerce-api';
import { adminApi } from '../admin-api';
import { useAdminT } from '../admin-i18n';

/** Runs an admin action, then refreshes every back office query (the list's counts and statuses too). */
function useRun() {
  const client = useQueryClient();
  const t = useAdminT();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      await client.invalidateQueries({ queryKey: ['admin'] });
      showToast({ message: t('company.done'), tone: 'success' });
      return true;
    } catch (error) {
      showError(error);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}

/** Suspend or reactivate, with the reason asked first (it goes to the audit log). */
export function StatusAction({ company }: { company: AdminCompanyDetail }) {
  const t = useAdminT();
  const [confirm, dialog] = useConfirm();
  const { run, busy } = useRun();
  const suspended = company.status === 'suspended';
  const act = async () => {
    const answer = await confirm(
      suspended
        ? { title: t('company.reactivateTitle'), message: t('company.reactivateMessage'), confirmLabel: t('company.reactivate'), color: 'green' }
        : { title: t('company.suspendTitle'), message: t('company.suspendMessage'), confirmLabel: t('company.suspend'), commentLabel: t('company.suspendReason'), commentRequired: true },
    );
    if (!answer.confirmed) return;
    await run(() => (suspended ? adminApi.reactivate(company.id) : adminApi.suspend(company.id, answer.comment)));
  };
  return (
    <>
      <Button color={suspended ? 'green' : 'red'} variant="light" loading={busy} onClick={act} data-testid={suspended ? 'company-reactivate' : 'company-suspend'}>
        {suspended ? t('company.reactivate') : t('company.suspend')}
      </Button>
      {dialog}
    </>
  );
}

/** Corrects the profile fields an admin may fix (name, e-mail, phone, address). */
export function EditProfileAction({ company }: { company: AdminCompanyDetail }) {
  const t = useAdminT();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ name: company.name, email: company.email ?? '', phone: company.phone ?? '', address: company.address ?? '' });
  const { run, busy } = useRun();
  const save = async () => {
    const body = { name: form.name, email: form.email || null, phone: form.phone || null, address: form.address || null };
    if (await run(() => adminApi.profile(company.id, body))) setOpen(false);
  };
  const field = (key: keyof typeof form, label: string) => (
    <TextInput label={label} value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.currentTarget.value })} data-testid={`profile-${key}`} />
  );
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)} data-testid="company-edit">
        {t('company.edit')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('company.edit')}>
        <Stack>
          {field('name', t('companies.name'))}
          {field('email', t('company.email'))}
          {field('phone', t('company.phone'))}
          {field('address', t('company.address'))}
          <Group justify="flex-end">
            <Button onClick={save} loading={busy} data-testid="profile-save">
              {t('company.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Puts the company on another package, offered by the platform. */
export function PackageAction({ company }: { company: AdminCompanyDetail }) {
  const t = useAdminT();
  const scope = useCacheScope();
  const packages = useQuery({ queryKey: ['catalogue', scope, 'packages'], queryFn: commerceApi.packages });
  const [choice, setChoice] = useState<string | null>(null);
  const { run, busy } = useRun();
  const options = (packages.data ?? []).filter((p) => p.active && p.id !== company.package_id).map((p) => ({ value: String(p.id), label: p.name }));
  return (
    <Card withBorder padding="sm">
      <Title order={3} size="h5">
        {t('company.changePackage')}
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {t('company.packageHint')}
      </Text>
      <Group align="flex-end">
        <Select data={options} value={choice} onChange={setChoice} label={t('companies.package')} data-testid="package-choice" />
        <Button disabled={!choice} loading={busy} onClick={() => choice && void run(() => adminApi.package(company.id, Number(choice)))} data-testid="package-save">
          {t('company.changePackage')}
        </Button>
      </Group>
    </Card>
  );
}

/**
 * Grants one feature to this company alone, on top of its package (empty limit:
 * unlimited); granting an already granted feature changes its limit. Audited by the API.
 */
export function FeatureGrantAction({ company }: { company: AdminCompanyDetail }) {
  const t = useAdminT();
  const [feature, setFeature] = useState<string | null>(null);
  const [limit, setLimit] = useState<number | string>('');
  const { run, busy } = useRun();
  const grant = async () => {
    if (!feature) return;
    const done = await run(() => adminApi.grantFeature(company.id, Number(feature), limit === '' ? null : Number(limit)));
    if (done) {
      setFeature(null);
      setLimit('');
    }
  };
  return (
    <Card withBorder padding="sm">
      <Title order={3} size="h5">
        {t('company.grantFeature')}
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {t('company.grantFeatureHint')}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <Select data={company.features.map((f) => ({ value: String(f.id), label: f.name }))} value={feature} onChange={setFeature} label={t('company.feature')} data-testid="feature-choice" />
        <NumberInput value={limit} onChange={setLimit} min={0} allowDecimal={false} label={t('company.featureLimit')} placeholder={t('company.unlimited')} data-testid="feature-limit" />
        <Button disabled={!feature} loading={busy} onClick={() => void grant()} data-testid="feature-grant">
          {t('company.grantFeature')}
        </Button>
      </Group>
    </Card>
  );
}

/** Withdraws a feature granted to the company alone, after a confirmation. */
export function FeatureWithdrawAction({ company, feature }: { company: AdminCompanyDetail; feature: AdminCompanyDetail['features'][number] }) {
  const t = useAdminT();
  const [confirm, dialog] = useConfirm();
  const { run, busy } = useRun();
  const withdraw = async () => {
    const answer = await confirm({ title: t('company.withdrawFeatureTitle'), message: t('company.withdrawFeatureMessage', { name: feature.name }), confirmLabel: t('company.withdrawFeature') });
    if (answer.confirmed) await run(() => adminApi.withdrawFeature(company.id, feature.id));
  };
  return (
    <>
      <Button size="xs" variant="subtle" color="red" loading={busy} onClick={() => void withdraw()} data-testid="feature-withdraw" aria-label={t('company.withdrawFeatureNamed', { name: feature.name })}>
        {t('company.withdrawFeature')}
      </Button>
      {dialog}
    </>
  );
}

/** Hands the owner role to another active member. */
export function TransferAction({ company }: { company: AdminCompanyDetail }) {
  const t = useAdminT();
  const scope = useCacheScope();
  const members = useQuery({ queryKey: ['admin', scope, 'company', company.id, 'members'], queryFn: ({ signal }) => adminApi.child(company.id, 'agents', { limit: 100 }, signal) });
  const [choice, setChoice] = useState<string | null>(null);
  const { run, busy } = useRun();
  const options = (members.data?.data ?? []).filter((m) => m.status === 'active' && m.id !== company.owner?.agent_id).map((m) => ({ value: String(m.id), label: m.name || m.detail || `#${m.id}` }));
  if (options.length === 0) return null;
  return (
    <Card withBorder padding="sm">
      <Title order={3} size="h5">
        {t('company.transfer')}
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {t('company.transferHint')}
      </Text>
      <Group align="flex-end">
        <Select data={options} value={choice} onChange={setChoice} label={t('company.member')} data-testid="transfer-choice" />
        <Button disabled={!choice} loading={busy} onClick={() => choice && void run(() => adminApi.owner(company.id, Number(choice)))} data-testid="transfer-save">
          {t('company.transfer')}
        </Button>
      </Group>
    </Card>
  );
}
