import { canDo, parsePermissionSlug } from '@app/contracts/permissions';
import { useMemo } from 'react';
import { isAdmin } from '../../lib/session/account-model';
import type { StoredAccount } from '../../lib/session/account.types';
import { useAccount } from '../../lib/session/use-session';

/** Whether the account holds a permission slug; a platform admin holds them all, as on the server. */
export function accountCan(account: Pick<StoredAccount, 'usr' | 'permissions'> | null, slug: string): boolean {
  if (!account) return false;
  if (isAdmin(account)) return true;
  const parsed = parsePermissionSlug(slug);
  return parsed ? canDo(account.permissions, parsed.object, parsed.action) : false;
}

/** A stable `can(slug)` for the current account (section 6: the active agent's permissions). */
export function useCan(): (slug: string) => boolean {
  const account = useAccount();
  return useMemo(() => (slug: string) => accountCan(account, slug), [account]);
}
