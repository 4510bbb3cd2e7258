import { Button, Dialog, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface UpdatePromptDialogProps {
  opened: boolean;
  onReload: () => void;
  onClose: () => void;
  /** The language to speak (the browser's until the person picks one); the app's by default. */
  language?: string;
}

/**
 * "A new version is available": Reload / Close. A non-modal corner dialog, so a user
 * in the middle of a form can finish it and reload later.
 */
export function UpdatePromptDialog({ opened, onReload, onClose, language }: UpdatePromptDialogProps) {
  const { t } = useTranslation('update', { lng: language });
  return (
    <Dialog opened={opened} position={{ bottom: 20, right: 20 }} size="lg" withBorder shadow="md" role="alertdialog" aria-labelledby="update-title">
      <Text id="update-title" fw={600} mb={4}>
        {t('title')}
      </Text>
      <Text size="sm" c="dimmed" mb="md">
        {t('message')}
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" size="xs" onClick={onClose} data-testid="update-close">
          {t('close')}
        </Button>
        <Button size="xs" onClick={onReload} data-testid="update-reload">
          {t('reload')}
        </Button>
      </Group>
    </Dialog>
  );
}
