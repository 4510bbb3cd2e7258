import { useTranslation } from 'react-i18next';
import { StatusScreen } from '../../ui/StatusScreen';

/** Catch-all for any path the route table does not know. */
export function NotFoundPage() {
  const { t } = useTranslation('errors');
  return <StatusScreen testId="not-found" status={404} title={t('notFoundTitle')} message={t('notFoundMessage')} />;
}
