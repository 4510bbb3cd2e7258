import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSurveysT } from '../surveys-i18n';

interface StepFormModalProps {
  opened: boolean;
  initial: { title: string; description: string | null };
  heading: string;
  saving: boolean;
  onClose: () => void;
  onSave: (values: { title: string; description: string | null }) => void;
}

/** Title and description of a step (new or renamed). */
export function StepFormModal({ opened, initial, heading, saving, onClose, onSave }: StepFormModalProps) {
  const { t } = useSurveysT();
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description ?? '');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setTitle(initial.title);
    setDescription(initial.description ?? '');
    setError(null);
  }, [opened, initial.title, initial.description]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (title.trim().length < 1) return setError(t('question.labelRequired'));
    onSave({ title: title.trim(), description: description.trim() || null });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={heading} centered>
      <form onSubmit={submit} data-testid="step-form">
        <Stack>
          <TextInput label={t('builder.stepTitle')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={error} required maxLength={200} data-autofocus />
          <Textarea label={t('builder.stepDescription')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} maxLength={2000} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
