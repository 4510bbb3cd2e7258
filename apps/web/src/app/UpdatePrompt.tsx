/// <reference types="vite-plugin-pwa/react" />
import { useEffect, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { hasChosenLanguage, loadLanguage } from '../i18n/i18n';
import { type AppLanguage, browserLanguage } from '../i18n/languages';
import { UpdatePromptDialog } from '../ui/UpdatePromptDialog';

/** Long-lived tabs (a supervisor's dashboard) would otherwise only see a deploy on the next visit. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * The service worker runs in prompt mode: a newer deployed build waits until the user
 * chooses Reload, which activates it and reloads the page.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });

  // Section 9: the prompt speaks the browser's language (else English) until one is picked.
  const [language, setLanguage] = useState<AppLanguage | undefined>(undefined);
  useEffect(() => {
    if (!needRefresh || hasChosenLanguage()) return;
    const browser = browserLanguage();
    void loadLanguage(browser).then(() => setLanguage(browser));
  }, [needRefresh]);

  return (
    <UpdatePromptDialog
      language={hasChosenLanguage() ? undefined : language}
      opened={needRefresh}
      onReload={() => updateServiceWorker(true)}
      onClose={() => setNeedRefresh(false)}
    />
  );
}
