/// <reference types="vite-plugin-pwa/react" />
import { useRegisterSW } from 'virtual:pwa-register/react';
import { UpdatePromptDialog } from '../ui/UpdatePromptDialog';

/** Long-lived tabs (a supervisor's dashboard) would otherwise only see a deploy on the next visit. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * The service worker runs in prompt mode: a newer deployed build waits until the user
 * chooses Reload, which activates it and reloads the page. The prompt's language: the
 * dialog's (the browser's until one is picked).
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

  return <UpdatePromptDialog opened={needRefresh} onReload={() => updateServiceWorker(true)} onClose={() => setNeedRefresh(false)} />;
}
