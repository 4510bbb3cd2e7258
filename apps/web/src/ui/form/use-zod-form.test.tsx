import { notifications } from '@mantine/notifications';
import { TextInput } from '@mantine/core';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { changeLanguage } from '../../i18n/i18n';
import { defineResource } from '../../lib/resource/resource';
import { useCreateResource } from '../../lib/resource/use-resource';
import { fakeApi } from '../../test/fake-api';
import { schemaLanguageReady } from '../../lib/schema-language';
import { renderUi, storeUiAgent } from '../../test/render-ui';
import { ResourceForm } from './ResourceForm';
import { useZodForm } from './use-zod-form';

afterEach(async () => {
  await act(() => changeLanguage('fr'));
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const zoneBody = z.object({ name: z.string().trim().min(2), code: z.string().trim().max(5) });
const zones = defineResource<{ id: number; name: string }, z.infer<typeof zoneBody>>('zones');

function ZoneForm({ onCreated }: { onCreated: (id: number) => void }) {
  const create = useCreateResource(zones);
  const { form, submitting, formError, onSubmit } = useZodForm({
    schema: zoneBody,
    initialValues: { name: '', code: '' },
    submit: (values) => create.mutateAsync(values),
    onSuccess: (zone) => onCreated(zone.id),
    successMessage: 'Zone créée',
  });
  return (
    <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} submitLabel="Créer">
      <TextInput label="Nom" {...form.getInputProps('name')} />
      <TextInput label="Code" {...form.getInputProps('code')} />
    </ResourceForm>
  );
}

// A contract's message, written in French by the schema's author (the contracts translate it).
const namedBody = z.object({ name: z.string().trim().min(1, 'Le nom est obligatoire'), code: z.string().trim().min(2) });

function NamedForm() {
  const { form, submitting, formError, onSubmit } = useZodForm({ schema: namedBody, initialValues: { name: '', code: '' }, submit: async () => null });
  return (
    <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} submitLabel="OK">
      <TextInput label="name" {...form.getInputProps('name')} />
      <TextInput label="code" {...form.getInputProps('code')} />
    </ResourceForm>
  );
}

describe('forms of the kit', { timeout: 30_000 }, () => {
  it('checks in the interface’s language: an author’s message translated, zod’s own written in it', async () => {
    storeUiAgent();
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    await renderUi(<NamedForm />);
    await act(() => changeLanguage('zh-CN'));
    await schemaLanguageReady();
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('名称为必填项')).toBeTruthy();
    expect(screen.getByText(/^数值过小/)).toBeTruthy();
    await act(() => changeLanguage('en'));
    await schemaLanguageReady();
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('The name is required')).toBeTruthy();
    expect(screen.getByText(/^Too small/)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('checks the contract schema in French before sending anything', async () => {
    storeUiAgent('zones.create');
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    await renderUi(<ZoneForm onCreated={() => undefined} />);
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText(/Trop petit/)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('puts the server 422 messages on their fields and keeps the rest above the buttons', async () => {
    storeUiAgent('zones.create');
    const api = fakeApi({
      'POST zones': () => ({
        status: 422,
        body: { success: false, message: 'Données invalides', data: { name: ['Ce nom est déjà pris'], parent_id: ['Zone parente inconnue'] } },
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderUi(<ZoneForm onCreated={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: '  Douala ' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Ce nom est déjà pris')).toBeTruthy();
    expect(screen.getByLabelText('Nom').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('form-error').textContent).toContain('Zone parente inconnue');
    // The parsed (trimmed) values travel.
    expect(api.calls[0]?.body).toEqual({ name: 'Douala', code: '' });
  });

  it('shows a loading submit, then the success toast and hands the result over', async () => {
    storeUiAgent('zones.create');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = fakeApi({ 'POST zones': () => ({ body: { data: { id: 9, name: 'Douala' } } }) });
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await gate;
      return api.fetch(...args);
    });
    const created = vi.fn();
    await renderUi(<ZoneForm onCreated={created} />);
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Douala' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(screen.getByTestId('form-submit').getAttribute('data-loading')).toBe('true'));
    release();
    await waitFor(() => expect(created).toHaveBeenCalledWith(9));
    expect(await screen.findByText('Zone créée')).toBeTruthy();
  });

  it('toasts a failure that is not about fields', async () => {
    storeUiAgent('zones.create');
    vi.stubGlobal('fetch', fakeApi({ 'POST zones': () => ({ status: 409, body: { success: false, message: 'Conflit avec l’état actuel' } }) }).fetch);
    await renderUi(<ZoneForm onCreated={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Douala' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Conflit avec l’état actuel')).toBeTruthy();
    expect(screen.queryByTestId('form-error')).toBeNull();
  });
});
