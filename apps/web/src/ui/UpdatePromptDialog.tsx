import { Button, Dialog, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserLanguageUntilChosen, hasChosenLanguage, onLanguageChosen } from '../i18n/i18n';
import type { AppLanguage } from '../i18n/languages';

export interface UpdatePromptDialogProps {
  opened: boolean;
  onReload: () => void;
  onClose: () => void;
}

/**
 * Sections 1 and 9: the prompt speaks the browser's language (else English) until the person
 * picks one, while the app itself starts in French (section 4). `ready` once that language's
 * texts are loaded, so the prompt does not open in French and then change; `language`
 * undefined means the app's (the one picked, applied at start-up, or French when the
 * browser's could not be fetched).
 */
function usePromptLanguage(opened: boolean): { ready: boolean; language: AppLanguage | undefined } {
  const [found, setFound] = useState<{ language: AppLanguage | null } | null>(null);
  useEffect(() => {
    if (!opened) return;
    let current = true;
    const settle = (language: AppLanguage | null) => {
      if (current) setFound({ language });
    };
    browserLanguageUntilChosen().then(settle, () => settle(null));
    return () => {
      current = false;
    };
  }, [opened]);
  // A pick made while the prompt is open wins at once.
  useEffect(() => {
    const stop = onLanguageChosen(() => setFound({ language: null }));
    return () => {
      stop();
    };
  }, []);
  const language = found?.language && !hasChosenLanguage() ? found.language : undefined;
  return { ready: found !== null, language };
}

/**
 * "A new version is available": Reload / Close. A non-modal corner dialog, so a user
 * in the middle of a form can finish it and reload later.
 */
export function UpdatePromptDialog({ opened, onReload, onClose }: UpdatePromptDialogProps) {
  const { ready, language } = usePromptLanguage(opened);
  const { t } = useTranslation('update', { lng: language });
  return (
    <Dialog opened={opened && ready} position={{ bottom: 20, right: 20 }} size="lg" withBorder shadow="md" role="alertdialog" aria-labelledby="update-title">
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
