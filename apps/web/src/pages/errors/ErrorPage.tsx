import { useParams } from 'react-router';
import { StatusScreen } from '../../ui/StatusScreen';

/** /error and /error/:code (e.g. 403 after a failed permission check). */
export function ErrorPage() {
  const { code } = useParams();
  const status = code && /^\d{3}$/.test(code) ? Number(code) : undefined;
  return <StatusScreen testId="error-page" status={status} />;
}
