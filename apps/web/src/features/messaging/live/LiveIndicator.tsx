import type { StoredAccount } from '../../../lib/session/account.types';
import { LiveStatus } from './LiveStatus';
import { useLiveEvents } from './use-live-events';

/**
 * The session's live channel and its dot in the header, one component so the shell can load
 * it after the first page (issue 23: the socket client is 16 KB gzipped the home does not
 * need to paint). The channel opens when this mounts and closes when it unmounts.
 */
export function LiveIndicator({ sid, account }: { sid: string; account: StoredAccount }) {
  return <LiveStatus state={useLiveEvents(sid, account)} />;
}
