import { canDo } from '@app/contracts/permissions';
import { isAdmin } from '../../lib/session/account-model';
import { useAccount } from '../../lib/session/use-session';

/**
 * Whether the signed-in account may do `action` on `object` in the active company, as
 * the server decides it (the platform admin may do anything): screens hide what the
 * person cannot complete rather than offer it and answer 403.
 */
export function useCan(): (object: string, action: string) => boolean {
  const account = useAccount();
  return (object, action) => Boolean(account && (isAdmin(account) || canDo(account.permissions, object, action)));
}
