import { Card, FileInput, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { createBroadcastBody } from '@app/contracts/messaging';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { showToast } from '../../../lib/toast';
import { ResourceForm } from '../../../ui/form/ResourceForm';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { type BroadcastView, publishBroadcast } from '../messaging.api';

interface ComposerValues {
  title: string;
  body: string;
  target: 'everyone' | 'group' | 'site' | 'audience' | 'customers';
  target_id?: number;
}

/** Up to 100 of the company's groups, sites or audiences (structure module), to pick a target. */
function useTargetList(scope: string, path: 'groups' | 'sites' | 'audiences') {
  return useQuery({
    queryKey: ['messaging', scope, 'targets', path],
    queryFn: () => api.list<{ id: number; name: string }>(path, { limit: 100 } as never),
    retry: false,
  });
}

/** The company's broadcast form (broadcasts.create): title, message, an image or file, the recipients. */
export function BroadcastComposer() {
  const { t } = useTranslation('messaging');
  const scope = useCacheScope();
  const queryClient = useQueryClient();
  // The company's groups, sites and audiences (structure module), as target choices.
  const targetLists = { group: useTargetList(scope, 'groups'), site: useTargetList(scope, 'sites'), audience: useTargetList(scope, 'audiences') };
  // Outside the form values: the schema's parse keeps only the contract's fields.
  const [file, setFile] = useState<File | null>(null);
  const { form, submitting, formError, onSubmit } = useZodForm<ComposerValues, BroadcastView>({
    schema: createBroadcastBody as never,
    initialValues: { title: '', body: '', target: 'everyone', target_id: undefined },
    submit: async (values) => {
      let media_id: number | undefined;
      if (file) {
        const data = new FormData();
        data.append('file', file);
        media_id = (await api.post<{ id: number }>('medias', data)).id;
      }
      return publishBroadcast({ title: values.title, body: values.body, target: values.target, target_id: values.target in targetLists ? values.target_id : undefined, media_id });
    },
    onSuccess: (result) => {
      // The recipients are reached in the background: the list below shows the count once done.
      showToast({ message: t('publishedSending', { title: result.title }) });
      form.reset();
      setFile(null);
      void queryClient.invalidateQueries({ queryKey: ['messaging'] });
    },
  });
  const listed = (['group', 'site', 'audience'] as const).filter((k) => targetLists[k].data?.data.length);
  const targets = [
    { value: 'everyone', label: t('targets.everyone') },
    ...listed.map((k) => ({ value: k, label: t(`targets.${k}`) })),
    { value: 'customers', label: t('targets.customers') },
  ];
  const picked = form.values.target as keyof typeof targetLists;
  return (
    <Card withBorder data-testid="broadcast-composer">
      <Title order={2} size="h5" mb="xs">
        {t('newDiffusion')}
      </Title>
      <ResourceForm onSubmit={onSubmit} submitting={submitting} formError={formError} submitLabel={t('publish')}>
        <Stack gap="xs">
          <TextInput label={t('title')} {...form.getInputProps('title')} />
          <Textarea label={t('body')} autosize minRows={3} {...form.getInputProps('body')} />
          <FileInput label={t('attachment')} accept="image/png,image/jpeg,image/webp,application/pdf" clearable value={file} onChange={setFile} />
          <Select label={t('target')} data={targets} allowDeselect={false} {...form.getInputProps('target')} />
          {picked in targetLists ? (
            <Select
              label={t(`targets.${picked}`)}
              data={(targetLists[picked].data?.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
              value={form.values.target_id ? String(form.values.target_id) : null}
              onChange={(value) => form.setFieldValue('target_id', value ? Number(value) : undefined)}
              searchable
              error={form.errors.target_id}
            />
          ) : null}
        </Stack>
      </ResourceForm>
    </Card>
  );
}
