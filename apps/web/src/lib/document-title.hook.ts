import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets `<title>` to "page · product" so tabs, history and screen readers name the page. */
export function useDocumentTitle(pageTitle: string | undefined): void {
  const { t } = useTranslation('common');
  const appName = t('appName');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${appName}` : appName;
  }, [pageTitle, appName]);
}
