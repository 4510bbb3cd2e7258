import { companyInputSchema } from '@app/contracts/company';
import { Button, FileInput, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zodFormErrors, toFormErrors } from '../../../lib/form-errors';
import { isApiError } from '../../../lib/http-error';
import { useCompanyT } from '../company-i18n';
import type { Company, CompanyInput } from './company.api';
import { useCompanyOptions } from './company-options';

export interface CompanyFormValues {
  name: string;
  sector_id: string | null;
  zone_id: string | null;
  address: string;
  email: string;
  phone: string;
  logo: File | null;
}

const toInput = (v: CompanyFormValues): CompanyInput => ({
  name: v.name.trim(),
  sector_id: v.sector_id ? Number(v.sector_id) : null,
  zone_id: v.zone_id ? Number(v.zone_id) : null,
  address: v.address.trim() || null,
  email: v.email.trim() || null,
  phone: v.phone.trim() || null,
});

interface Props {
  company?: Company;
  submitLabel: string;
  readOnly?: boolean;
  busy?: boolean;
  onSubmit: (input: CompanyInput, logo: File | null) => Promise<unknown>;
}

/**
 * The company's details (creation and settings), checked by the contract's schema
 * before sending; the server's field errors land on the fields.
 */
export function CompanyForm({ company, submitLabel, readOnly, busy, onSubmit }: Props) {
  const { t } = useCompanyT();
  const options = useCompanyOptions({ choice: true, keepSectorId: company?.sector_id ?? null });
  const form = useForm<CompanyFormValues>({
    mode: 'uncontrolled',
    initialValues: {
      name: company?.name ?? '',
      sector_id: company?.sector_id ? String(company.sector_id) : null,
      zone_id: company?.zone_id ? String(company.zone_id) : null,
      address: company?.address ?? '',
      email: company?.email ?? '',
      phone: company?.phone ?? '',
      logo: null,
    },
    validate: (values) => zodFormErrors(companyInputSchema, toInput(values)),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(toInput(values), values.logo);
    } catch (error) {
      if (isApiError(error)) form.setErrors(toFormErrors(error.fieldErrors));
    }
  });
  return (
    <form noValidate onSubmit={submit} data-testid="company-form">
      <Stack gap="sm">
        <TextInput label={t('name')} required disabled={readOnly} key={form.key('name')} {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('sector')}
            data={options.sectors}
            searchable
            clearable
            disabled={readOnly}
            key={form.key('sector_id')}
            {...form.getInputProps('sector_id')}
          />
          <Select
            label={t('town')}
            data={options.towns}
            searchable
            clearable
            disabled={readOnly}
            key={form.key('zone_id')}
            {...form.getInputProps('zone_id')}
          />
        </SimpleGrid>
        <TextInput label={t('address')} disabled={readOnly} key={form.key('address')} {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('email')} type="email" disabled={readOnly} key={form.key('email')} {...form.getInputProps('email')} />
          <TextInput label={t('phone')} type="tel" disabled={readOnly} key={form.key('phone')} {...form.getInputProps('phone')} />
        </SimpleGrid>
        {readOnly ? null : (
          <FileInput
            label={t('logo')}
            description={t('logoHint')}
            accept="image/png,image/jpeg,image/webp"
            clearable
            key={form.key('logo')}
            {...form.getInputProps('logo')}
          />
        )}
        {readOnly ? null : (
          <Group justify="flex-end">
            <Button type="submit" loading={busy} data-testid="company-submit">
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
