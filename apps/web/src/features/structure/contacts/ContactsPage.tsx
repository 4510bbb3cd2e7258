import { canDo } from '@app/contracts/permissions';
import { type CreateContactInput, createContactSchema, updateContactSchema } from '@app/contracts/structure';
import { Button, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { useCreateResource, useDeleteResource, useResourceList, useUpdateResource } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { ResourceForm } from '../../../ui/form/ResourceForm';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { ListPage } from '../../../ui/list/ListPage';
import type { RowAction } from '../../../ui/list/list.types';
import { PinnedLabel, usePinActions } from '../pins/PinControls';
import { type Contact, contactsResource, zonesResource } from '../structure-resources';
import { useStructureT } from '../structure-i18n';

const TOWNS_QUERY = { filter_groups: [{ filters: [{ key: 'type', operator: 'eq' as const, value: 'town' }] }], sort: [{ key: 'name', direction: 'asc' as const }], limit: 200 };

/** `{action}/contacts`: the company's address book, searched by name, organisation, e-mail or phone. */
export function ContactsPage() {
  const t = useStructureT();
  const { account } = useCurrentSession();
  // null: closed; 'new': the creation form; a contact: its edit form.
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const remove = useDeleteResource(contactsResource);
  const pinActions = usePinActions<Contact>('contacts', contactsResource);
  const can = (action: string) => (account ? canDo(account.permissions, 'contacts', action) : false);
  const actions: RowAction<Contact>[] = [...pinActions];
  if (can('update')) actions.push({ label: t('common.edit'), onClick: (c) => setEditing(c) });
  if (can('delete')) {
    actions.push({
      label: t('common.delete'),
      color: 'red',
      onClick: (c) => remove.mutateAsync(c.id),
      confirm: (c) => ({ message: t('common.deleteConfirm', { name: c.name }), confirmLabel: t('common.delete') }),
    });
  }
  return (
    <>
      <ListPage<Contact>
        title={t('contacts.title')}
        resource={contactsResource}
        testId="contact"
        query={{ includes: ['zone'] }}
        defaultSort={{ key: 'name', direction: 'asc' }}
        rowLabel={(c) => c.name}
        empty={{ description: t('contacts.empty') }}
        actions={
          can('create') ? (
            <Button onClick={() => setEditing('new')} data-testid="contact-new">
              {t('contacts.new')}
            </Button>
          ) : null
        }
        columns={[
          { id: 'name', header: t('common.name'), cell: (c) => <PinnedLabel pinned={c.pinned}>{c.name}</PinnedLabel>, sortKey: 'name', primary: true },
          { id: 'organisation', header: t('contacts.organisation'), cell: (c) => c.organisation ?? '—', sortKey: 'organisation' },
          { id: 'phone', header: t('contacts.phone'), cell: (c) => c.phone ?? '—' },
          { id: 'email', header: t('contacts.email'), cell: (c) => c.email ?? '—' },
          { id: 'zone', header: t('contacts.zone'), cell: (c) => c.zone?.name ?? '—', hideOnCard: true },
        ]}
        rowActions={actions}
      />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('contacts.new') : t('contacts.edit')}>
        {editing === 'new' ? <ContactCreateForm onDone={() => setEditing(null)} /> : null}
        {editing && editing !== 'new' ? <ContactEditForm contact={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </>
  );
}

type ContactValues = { name: string; organisation: string; phone: string; email: string; notes: string; zone_id: number | null };

const valuesOf = (c?: Contact): ContactValues => ({
  name: c?.name ?? '',
  organisation: c?.organisation ?? '',
  phone: c?.phone ?? '',
  email: c?.email ?? '',
  notes: c?.notes ?? '',
  zone_id: c?.zone_id ?? null,
});

/** Empty optional texts are checked and sent as null: "no e-mail", not an invalid one. */
function blankToNull(values: unknown): unknown {
  if (!values || typeof values !== 'object') return values;
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, key !== 'name' && typeof value === 'string' && value.trim() === '' ? null : value]));
}

function ContactCreateForm({ onDone }: { onDone: () => void }) {
  const create = useCreateResource(contactsResource);
  return <ContactForm schema={createContactSchema} initial={valuesOf()} submit={(v) => create.mutateAsync(v)} onDone={onDone} />;
}

function ContactEditForm({ contact, onDone }: { contact: Contact; onDone: () => void }) {
  const update = useUpdateResource(contactsResource, contact.id);
  return <ContactForm schema={updateContactSchema} initial={valuesOf(contact)} submit={(v) => update.mutateAsync(v)} onDone={onDone} />;
}

function ContactForm({
  schema,
  initial,
  submit,
  onDone,
}: {
  schema: typeof createContactSchema | typeof updateContactSchema;
  initial: ContactValues;
  submit: (values: CreateContactInput) => Promise<unknown>;
  onDone: () => void;
}) {
  const t = useStructureT();
  const towns = useResourceList(zonesResource, TOWNS_QUERY);
  const { form, submitting, formError, onSubmit } = useZodForm({
    // The form holds empty strings; the schema checks (and submit sends) what the API receives.
    schema: z.preprocess(blankToNull, schema),
    initialValues: initial,
    submit,
    onSuccess: onDone,
    successMessage: t('common.created'),
  });
  return (
    <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} data-testid="contact-form">
      <Stack gap="sm">
        <TextInput label={t('common.name')} required data-testid="contact-name" {...form.getInputProps('name')} key={form.key('name')} />
        <TextInput label={t('contacts.organisation')} data-testid="contact-organisation" {...form.getInputProps('organisation')} key={form.key('organisation')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('contacts.phone')} type="tel" data-testid="contact-phone" {...form.getInputProps('phone')} key={form.key('phone')} />
          <TextInput label={t('contacts.email')} type="email" data-testid="contact-email" {...form.getInputProps('email')} key={form.key('email')} />
        </SimpleGrid>
        <Select
          label={t('contacts.zone')}
          searchable
          clearable
          data={(towns.data?.data ?? []).map((z) => ({ value: String(z.id), label: z.name }))}
          value={form.getValues().zone_id == null ? null : String(form.getValues().zone_id)}
          onChange={(value) => form.setFieldValue('zone_id', value ? Number(value) : null)}
          error={form.errors.zone_id}
        />
        <Textarea label={t('contacts.notes')} autosize minRows={2} {...form.getInputProps('notes')} key={form.key('notes')} />
      </Stack>
    </ResourceForm>
  );
}
