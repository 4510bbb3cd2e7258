import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Survey } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';
import { useCreateFromTemplate } from './use-create-from-template';

/** Names the new draft and creates it from the template, then opens its builder. */
export function UseTemplateModal({ sid, template, onClose }: { sid: string; template: Survey | null; onClose: () => void }) {
  const { t } = useSurveysT();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setTitle(template?.title ?? '');
    setError(null);
  }, [template]);
  const use = useCreateFromTemplate(sid);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!template) return;
    if (title.trim().length < 2) return setError(t('create.titleRequired'));
    use.mutate({ id: template.id, title: title.trim() });
  };
  return (
    <Modal opened={template !== null} onClose={onClose} title={t('templates.use')} centered>
      <form onSubmit={submit} data-testid="use-template-form">
        <Stack>
          <TextInput label={t('templates.newTitle')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={error} maxLength={200} required data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={use.isPending}>
              {t('templates.use')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
