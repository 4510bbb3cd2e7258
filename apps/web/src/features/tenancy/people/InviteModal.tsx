import { invitationInputSchema } from '@app/contracts/company';
import { Modal, SimpleGrid, Text, TextInput } from '@mantine/core';
import { z } from 'zod';
import { useCreateResource } from '../../../lib/resource/use-resource';
import { ResourceForm } from '../../../ui/form/ResourceForm';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { useCompanyT } from '../company-i18n';
import { invitationsResource } from '../tenancy.resources';

const initialValues = { email: '', phone: '', first_name: '', last_name: '', job: '' };

/** Strips empty fields: the contract reads an absent e-mail, not an empty one. */
const clean = (values: typeof initialValues) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim() || undefined])) as Record<string, string | undefined>;

/** The form's empty boxes are absent fields for the contract. */
const formSchema = z.preprocess((values) => clean(values as typeof initialValues), invitationInputSchema);

/** Invite by e-mail or phone, with names and job (POST invitations). */
export function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useCompanyT();
  const create = useCreateResource(invitationsResource);
  const { form, submitting, formError, onSubmit } = useZodForm({
    schema: formSchema,
    initialValues,
    submit: (values) => create.mutateAsync(values),
    successMessage: t('invitationSentTo'),
    onSuccess: () => {
      form.reset();
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('inviteTitle')} centered>
      <Text size="sm" c="dimmed" mb="sm">
        {t('inviteHelp')}
      </Text>
      <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} submitLabel={t('invite')} data-testid="invite-form">
        <TextInput label={t('email')} type="email" {...form.getInputProps('email')} data-testid="invite-email" />
        <TextInput label={t('phone')} type="tel" {...form.getInputProps('phone')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('firstName')} {...form.getInputProps('first_name')} />
          <TextInput label={t('lastName')} {...form.getInputProps('last_name')} />
        </SimpleGrid>
        <TextInput label={t('jobTitle')} {...form.getInputProps('job')} data-testid="invite-job" />
      </ResourceForm>
    </Modal>
  );
}
