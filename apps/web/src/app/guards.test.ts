import { describe, expect, it } from 'vitest';
import { grant, makeAccount, makeAgent } from '../test/account-fixtures';
import { homeOf, loginRedirect, readRedirect } from '../lib/session/addresses';
import { abilityFor, decide, type GuardRoute } from './guards';

const NOW = 1_900_000_000_000; // ms
const NOW_S = NOW / 1000;
const signedIn = (pathname: string, extra: Partial<GuardRoute> = {}): GuardRoute => ({ access: 'signedIn', pathname, ...extra });
const login = (search = ''): GuardRoute => ({ access: 'guest', page: 'login', pathname: '/auth/login', search });

const agent = () => makeAccount('ab12cd', { type: 'agent', agents: [makeAgent(10, 100, grant('sites.show', 'sites.create'))] });
const customer = () => makeAccount('cu34st', { type: 'customer', permissions: grant('surveys.show') });
const admin = () => makeAccount('ad56mn', { type: 'admin' });

describe('rule 1: unauthenticated on a protected route', () => {
  it('goes to login with the path without its first segment and force=true', () => {
    const decision = decide(signedIn('/zz99zz/business/sites', { search: '?tab=2' }), null, NOW);
    expect(decision).toEqual({ kind: 'redirect', to: '/auth/login?redirect=%2Fbusiness%2Fsites%3Ftab%3D2&force=true' });
  });

  it('treats an account whose tokens both expired as signed out', () => {
    const expired = makeAccount('ab12cd', {}, NOW_S - 10, NOW_S - 1);
    expect(decide(signedIn('/ab12cd/business'), expired, NOW)).toEqual({
      kind: 'redirect',
      to: loginRedirect('/ab12cd/business'),
    });
  });

  it('lets through an expired access token that the refresh token can renew', () => {
    const renewable = makeAccount('ab12cd', {}, NOW_S - 10, NOW_S + 3600);
    expect(decide(signedIn('/ab12cd/web'), renewable, NOW)).toEqual({ kind: 'allow' });
  });

  it('leaves public pages alone', () => {
    expect(decide({ access: 'public', pathname: '/error/403' }, null, NOW)).toEqual({ kind: 'allow' });
    expect(decide({ access: 'public', page: 'logout', pathname: '/ab12cd/auth/logout' }, null, NOW)).toEqual({ kind: 'allow' });
  });
});

describe('rule 2: signed in without the permission', () => {
  it('forbids a role the account lacks (a customer in the admin area)', () => {
    expect(decide(signedIn('/cu34st/mnt', { roles: ['admin'] }), customer(), NOW)).toEqual({ kind: 'forbidden' });
  });

  it('allows any of the listed roles', () => {
    expect(decide(signedIn('/ab12cd/business', { roles: ['agent', 'customer'] }), agent(), NOW)).toEqual({ kind: 'allow' });
    expect(decide(signedIn('/ad56mn/mnt', { roles: ['admin'] }), admin(), NOW)).toEqual({ kind: 'allow' });
  });

  it('forbids a missing permission; a list of objects needs any one of them', () => {
    const route = (objects: string | string[]) => signedIn('/ab12cd/business/roles', { permission: { objects, action: 'list' } });
    expect(decide(route('roles'), agent(), NOW)).toEqual({ kind: 'forbidden' });
    const withSites = makeAccount('ab12cd', { agents: [makeAgent(10, 100, grant('sites.list'))] });
    expect(decide(route(['roles', 'sites']), withSites, NOW)).toEqual({ kind: 'allow' });
  });

  it('uses the active agent permissions, not the account ones, for an agent', () => {
    const account = makeAccount('ab12cd', { permissions: grant('roles.list'), agents: [makeAgent(10, 100, {})] });
    expect(decide(signedIn('/ab12cd/x', { permission: { objects: 'roles', action: 'list' } }), account, NOW)).toEqual({
      kind: 'forbidden',
    });
  });

  it('the platform admin passes permission checks', () => {
    expect(decide(signedIn('/ad56mn/mnt/zones', { name: 'mnt.zones', permission: { objects: 'x', action: 'y' } }), admin(), NOW)).toEqual({
      kind: 'allow',
    });
  });

  it('checks the ability named by the route: create for new, update for edit, show for view or none', () => {
    const route = (action?: string) => signedIn('/ab12cd/business/x/sites', { name: 'business.sites', action });
    expect(decide(route('new'), agent(), NOW)).toEqual({ kind: 'allow' });
    expect(decide(route('view'), agent(), NOW)).toEqual({ kind: 'allow' });
    expect(decide(route(), agent(), NOW)).toEqual({ kind: 'allow' });
    expect(decide(route('edit'), agent(), NOW)).toEqual({ kind: 'forbidden' });
  });
});

describe('ability names (section 6)', () => {
  it.each([
    ['mnt.zones', undefined, { object: 'locations', action: 'manage' }],
    ['business.poles', 'view', { object: 'pointerests', action: 'show' }],
    ['business.users', 'new', { object: 'users', action: 'create' }],
    ['business.sites', 'edit', { object: 'sites', action: 'update' }],
    ['business.surveys', 'view', { object: 'surveys', action: 'show' }],
    ['mnt.finances.invoices', undefined, { object: 'invoices', action: 'show' }],
    ['mnt.finances.packages', 'new', { object: 'packages', action: 'create' }],
    ['business.templates', 'other', { object: 'templates', action: 'show' }],
    ['mnt.categories', 'edit', { object: 'categories', action: 'update' }],
    ['web.broadcasts', undefined, { object: 'broadcasts', action: 'show' }],
    ['business.workspaces', 'new', { object: 'workspaces', action: 'create' }],
    ['business.sites.surveys', 'view', { object: 'surveys', action: 'show' }],
  ])('%s (%s)', (name, action, expected) => {
    expect(abilityFor(name, action)).toEqual(expected);
  });

  it('routes without those words need no ability', () => {
    expect(abilityFor('business.overview', 'view')).toBeNull();
    expect(abilityFor(undefined)).toBeNull();
  });
});

describe('rule 3: has_to_change_password', () => {
  const mustChange = () => makeAccount('ab12cd', { has_to_change_password: 1 });
  it('sends every protected page to the password reset page', () => {
    expect(decide(signedIn('/ab12cd/business', { roles: ['agent'] }), mustChange(), NOW)).toEqual({
      kind: 'redirect',
      to: '/ab12cd/auth/password-reset',
    });
  });
  it('lets the reset page and logout through', () => {
    expect(decide(signedIn('/ab12cd/auth/password-reset', { page: 'passwordReset' }), mustChange(), NOW)).toEqual({ kind: 'allow' });
    expect(decide(signedIn('/ab12cd/auth/logout', { page: 'logout' }), mustChange(), NOW)).toEqual({ kind: 'allow' });
  });
});

describe('rule 4: reset or phone validation no longer needed', () => {
  it('goes to the session root from the reset page', () => {
    expect(decide(signedIn('/ab12cd/auth/password-reset', { page: 'passwordReset' }), agent(), NOW)).toEqual({
      kind: 'redirect',
      to: '/ab12cd',
    });
  });
  it('goes to the session root from phone validation once the phone is validated', () => {
    const route = signedIn('/ab12cd/auth/validate-phone', { page: 'validatePhone' });
    expect(decide(route, agent(), NOW)).toEqual({ kind: 'allow' });
    const validated = makeAccount('ab12cd', { phone: '+237690000000', phone_verified_at: '2026-01-01T00:00:00Z' });
    expect(decide(route, validated, NOW)).toEqual({ kind: 'redirect', to: '/ab12cd' });
  });
});

describe('rule 5: login while signed in', () => {
  it('goes home without force: admin home for admins, business for the others', () => {
    expect(decide(login(), admin(), NOW)).toEqual({ kind: 'redirect', to: '/ad56mn/mnt' });
    expect(decide(login(), customer(), NOW)).toEqual({ kind: 'redirect', to: '/cu34st/business' });
  });
  it('follows a redirect query into the session', () => {
    expect(decide(login('?redirect=%2Fprofile'), agent(), NOW)).toEqual({ kind: 'redirect', to: '/ab12cd/profile' });
  });
  it('stays on login with force=true, on the mobile variant, or without an account', () => {
    expect(decide(login('?force=true'), agent(), NOW)).toEqual({ kind: 'allow' });
    expect(decide({ access: 'guest', page: 'login', pathname: '/auth/mobile' }, agent(), NOW)).toEqual({ kind: 'allow' });
    expect(decide(login(), null, NOW)).toEqual({ kind: 'allow' });
    expect(decide(login(), makeAccount('ab12cd', {}, NOW_S - 10, NOW_S - 1), NOW)).toEqual({ kind: 'allow' });
  });
});

describe('helpers', () => {
  it('home and redirect reading', () => {
    expect(homeOf(admin())).toBe('/ad56mn/mnt');
    expect(homeOf(agent())).toBe('/ab12cd/business');
    expect(readRedirect('?redirect=%2Fweb')).toBe('/web');
    expect(readRedirect('?redirect=https%3A%2F%2Fevil.example')).toBeNull();
    expect(readRedirect('?redirect=%2F%2Fevil.example')).toBeNull();
  });
});
