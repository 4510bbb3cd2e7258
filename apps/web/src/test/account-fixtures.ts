import type { AccountAgent, AccountUser, PermissionMap } from '@app/contracts/auth';
import type { StoredAccount } from '../lib/session/account.types';
import { withUser } from '../lib/session/account-model';

/** A map with the given slugs granted. */
export function grant(...slugs: string[]): PermissionMap {
  return Object.fromEntries(slugs.map((slug) => [slug, true as const]));
}

export function makeAgent(id: number, companyId: number, permissions: PermissionMap = {}, extra: Partial<AccountAgent> = {}): AccountAgent {
  return {
    id,
    company_id: companyId,
    company: { id: companyId, name: `Entreprise ${companyId}`, code: `C${companyId}`, logo: null },
    job: null,
    first_name: null,
    last_name: null,
    status: 'active',
    permissions,
    groups: [],
    ...extra,
  };
}

export function makeUser(extra: Partial<AccountUser> = {}): AccountUser {
  return {
    id: 1,
    username: 'awa',
    email: 'awa@exemple.cm',
    phone: null,
    first_name: 'Awa',
    last_name: 'Ngo',
    name: 'Awa Ngo',
    photo: null,
    type: 'agent',
    has_to_change_password: 0,
    email_verified_at: '2026-01-01T00:00:00.000Z',
    phone_verified_at: null,
    locale: 'fr',
    promotional_offers: false,
    notification_preferences: {
      channels: { email: true, sms: false, in_app: true },
      events: { invitations: true, contributions: true, broadcasts: true, reports: true },
    },
    roles: [],
    companies: [],
    agents: [],
    permissions: {},
    chatrooms: [],
    ...extra,
  };
}

/** An account signed in until `exp` (seconds), renewable until `exp_res`. */
export function makeAccount(sid: string, user: Partial<AccountUser> = {}, exp = 2_000_000_000, exp_res = 2_100_000_000): StoredAccount {
  return withUser(sid, makeUser(user), { key: `tok-${sid}`, key_res: `ref-${sid}`, exp, exp_res });
}

/** A Storage kept in memory, so tests do not share jsdom's localStorage. */
export class MemoryStorage implements Storage {
  private readonly data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, String(value));
  }
}
