import { describe, expect, it, vi } from 'vitest';
import { grant, MemoryStorage, makeAccount, makeAgent } from '../../test/account-fixtures';
import {
  activeAgentOf,
  findAgentOfCompany,
  orderAgents,
  requestSessionOf,
  rolesOf,
  sessionInfoOf,
  withActiveAgent,
} from './account-model';
import { listAccounts, readAccount, storageKeyOf } from './account-storage';
import { AccountStore } from './account-store';

describe('several accounts in one browser', () => {
  it('stores each account under its own session id, with user, agents, permissions, picture and session info', () => {
    const storage = new MemoryStorage();
    const store = new AccountStore(storage);
    store.save(makeAccount('aa11aa', { id: 1, name: 'Awa' }));
    store.save(makeAccount('bb22bb', { id: 2, name: 'Bola', type: 'customer' }));
    const raw = JSON.parse(storage.getItem(storageKeyOf('aa11aa'))!);
    expect(Object.keys(raw).sort()).toEqual(['agents', 'permissions', 'picture', 'sessionInfo', 'sid', 'usr']);
    expect(raw.sessionInfo).toMatchObject({ key: 'tok-aa11aa', key_res: 'ref-aa11aa', exp: 2_000_000_000 });
    expect(listAccounts(storage).map((a) => a.usr.name)).toEqual(['Awa', 'Bola']);
    expect(store.get('bb22bb')?.usr.type).toBe('customer');
    expect(store.lastSid()).toBe('bb22bb');
  });

  it('removing one account keeps the others', () => {
    const storage = new MemoryStorage();
    const store = new AccountStore(storage);
    store.save(makeAccount('aa11aa', { id: 1 }));
    store.save(makeAccount('bb22bb', { id: 2 }));
    store.remove('bb22bb');
    expect(store.get('bb22bb')).toBeNull();
    expect(store.get('aa11aa')?.usr.id).toBe(1);
    expect(store.lastSid()).toBeNull();
  });

  it('finds an account by user and by token', () => {
    const store = new AccountStore(new MemoryStorage());
    store.save(makeAccount('aa11aa', { id: 1 }));
    store.save(makeAccount('bb22bb', { id: 2 }));
    expect(store.findByUser(2)?.sid).toBe('bb22bb');
    expect(store.findByToken('tok-aa11aa')?.sid).toBe('aa11aa');
    expect(store.findByUser(3)).toBeNull();
  });

  it('ignores damaged or foreign entries', () => {
    const storage = new MemoryStorage();
    storage.setItem('account.cc33cc', '{pas du json');
    storage.setItem('account.dd44dd', JSON.stringify({ sid: 'autre' }));
    storage.setItem('device-ref', 'x');
    expect(readAccount(storage, 'cc33cc')).toBeNull();
    expect(listAccounts(storage)).toEqual([]);
  });

  it('clears the stored session when the state machine reaches disconnected or initial', () => {
    const storage = new MemoryStorage();
    const store = new AccountStore(storage);
    store.save(makeAccount('aa11aa', { id: 1 }));
    store.save(makeAccount('bb22bb', { id: 2 }));
    store.dispatch('aa11aa', { type: 'start', token: 'valid', renewable: true });
    expect(store.stateOf('aa11aa')).toBe('loading');
    store.dispatch('aa11aa', { type: 'failed', status: 499 });
    expect(store.stateOf('aa11aa')).toBe('disconnected');
    expect(storage.getItem(storageKeyOf('aa11aa'))).toBeNull();
    store.dispatch('bb22bb', { type: 'start', token: 'invalid', renewable: false });
    expect(store.get('bb22bb')).toBeNull();
  });

  it('notifies subscribers with a new immutable entry', () => {
    const store = new AccountStore(new MemoryStorage());
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.entry('aa11aa');
    store.save(makeAccount('aa11aa'));
    expect(listener).toHaveBeenCalled();
    expect(store.entry('aa11aa')).not.toBe(before);
    expect(store.entry('aa11aa')).toBe(store.entry('aa11aa'));
  });

  it('picks up a change made by another tab', () => {
    const storage = new MemoryStorage();
    const tabA = new AccountStore(storage);
    const tabB = new AccountStore(storage);
    tabA.save(makeAccount('aa11aa', { id: 1 }));
    expect(tabB.get('aa11aa')?.sessionInfo.key).toBe('tok-aa11aa');
    const renewed = { ...tabA.get('aa11aa')!, sessionInfo: { ...tabA.get('aa11aa')!.sessionInfo, key: 'tok-new' } };
    tabA.save(renewed);
    const target = new EventTarget();
    tabB.followOtherTabs(target as unknown as Window);
    target.dispatchEvent(Object.assign(new Event('storage'), { key: storageKeyOf('aa11aa') }));
    expect(tabB.get('aa11aa')?.sessionInfo.key).toBe('tok-new');
  });
});

describe('active agent and permissions (section 6)', () => {
  const agents = [
    makeAgent(10, 100, grant('sites.list')),
    makeAgent(11, 101, grant('surveys.create')),
    makeAgent(12, 102, grant('zones.list'), { status: 'invited' }),
  ];

  it('the first usable agent is the active one and gives the permissions', () => {
    const account = makeAccount('aa11aa', { agents, permissions: grant('users.list') });
    expect(activeAgentOf(account)?.id).toBe(10);
    expect(account.permissions).toEqual(grant('sites.list'));
  });

  it('without an agent the account permissions apply', () => {
    const account = makeAccount('aa11aa', { type: 'customer', permissions: grant('surveys.list') });
    expect(activeAgentOf(account)).toBeNull();
    expect(account.permissions).toEqual(grant('surveys.list'));
  });

  it('switching company moves that agent first and swaps the permission map', () => {
    const account = makeAccount('aa11aa', { agents });
    const switched = withActiveAgent(account, 11)!;
    expect(switched.agents.map((a) => a.id)).toEqual([11, 10, 12]);
    expect(switched.permissions).toEqual(grant('surveys.create'));
    expect(withActiveAgent(account, 12)).toBeNull();
    expect(findAgentOfCompany(account, 'c101')?.id).toBe(11);
    expect(findAgentOfCompany(account, '102')?.id).toBe(12);
  });

  it('keeps the chosen company when the user is reloaded', () => {
    expect(orderAgents(agents, 11).map((a) => a.id)).toEqual([11, 10, 12]);
    expect(orderAgents([agents[2], agents[0]], 12).map((a) => a.id)).toEqual([10, 12]);
  });

  it('sends Agent-id for non-admins only', () => {
    expect(requestSessionOf(makeAccount('aa11aa', { id: 5, agents }))).toEqual({ token: 'tok-aa11aa', userId: 5, agentId: 10 });
    expect(requestSessionOf(makeAccount('aa11aa', { id: 5, type: 'admin', agents }))).toMatchObject({ agentId: null });
  });

  it('derives roles from type, memberships and server roles', () => {
    expect([...rolesOf(makeAccount('a1', { type: 'customer' }))]).toEqual(['customer']);
    expect([...rolesOf(makeAccount('a1', { type: 'customer', agents }))].sort()).toEqual(['agent', 'customer']);
    // Section 6: a partner of the active company is not its agent.
    const partner = makeAccount('a1', { type: 'agent', roles: ['partner'], agents: [makeAgent(4, 40, {}, { roles: ['partner'] })] });
    expect([...rolesOf(partner)]).toEqual(['partner']);
    // A partner role of another (not active) membership does not make one a partner here.
    const elsewhere = makeAccount('a1', { type: 'agent', roles: ['partner'], agents: [makeAgent(5, 50), makeAgent(4, 40, {}, { roles: ['partner'] })] });
    expect([...rolesOf(elsewhere)]).toEqual(['agent']);
  });

  it('reads the login answer into session info in seconds', () => {
    expect(
      sessionInfoOf({ token: 't', refresh_token: 'r', expires_at: '2026-01-01T00:15:00Z', refresh_expires_at: '2026-01-31T00:00:00Z' }),
    ).toEqual({ key: 't', key_res: 'r', exp: Date.UTC(2026, 0, 1, 0, 15) / 1000, exp_res: Date.UTC(2026, 0, 31) / 1000 });
  });
});
