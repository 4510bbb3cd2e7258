import { describe, expect, it } from 'vitest';
import type { StoredAccount } from '../lib/session/account.types';
import { COMPANY_ROLES, GLOBAL_ROLES } from '@app/contracts/permissions';
import { grant, makeAccount, makeAgent } from '../test/account-fixtures';
import { decide } from './guards';
import { activeNavItem, declaredNavRoutes, type GuardedHandle, NAV_GROUPS, navItemsFor } from './nav';
import { routes } from './routes';

const NOW = 1_900_000_000_000;
const SID = 'nv12ab';

const agent = (...permissions: string[]) => makeAccount(SID, { agents: [makeAgent(7, 10, grant(...permissions))] });
const ids = (account: StoredAccount | null) => navItemsFor(routes, account, SID, NOW).map((item) => item.id);

describe('navigation generated from the route table', () => {
  // Other routes add entries over time: these tests name the ones their rule is about.
  it('offers an owner every business screen it may open, sections in order', () => {
    const items = navItemsFor(routes, agent('surveys.show', 'templates.show', 'questions.list'), SID, NOW);
    expect(items.map((item) => item.id)).toEqual(expect.arrayContaining(['businessHome', 'surveys', 'questions', 'templates', 'webHome', 'webSurveys', 'profile']));
    const order = items.map((item) => NAV_GROUPS.indexOf(item.group));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('leaves out what the guard would refuse: no ability, no entry', () => {
    expect(ids(agent())).toEqual(expect.arrayContaining(['businessHome', 'webHome', 'profile']));
    for (const id of ['surveys', 'questions', 'templates', 'mntHome', 'webProfile']) expect(ids(agent())).not.toContain(id);
    expect(ids(agent('surveys.show'))).toContain('surveys');
    expect(ids(agent('surveys.show'))).not.toContain('questions');
  });

  it('gives a customer the web area and its own profile, an admin the admin area', () => {
    const customer = ids(makeAccount(SID, { type: 'customer' }));
    expect(customer).toEqual(expect.arrayContaining(['webHome', 'webSurveys', 'webProfile']));
    for (const id of ['profile', 'surveys', 'mntHome']) expect(customer).not.toContain(id);
    // The platform admin passes every permission, but outside any company a business page
    // would answer "no active company": the back office replaces them, grouped by section.
    const adminItems = navItemsFor(routes, makeAccount(SID, { type: 'admin' }), SID, NOW);
    const admin = adminItems.map((item) => item.id);
    expect(admin).toEqual(expect.arrayContaining(['webHome', 'mntHome', 'mntAudit', 'mntCompanies', 'mntCompaniesByCustomer', 'profile']));
    for (const id of ['businessHome', 'surveys', 'webProfile', 'features', 'companyAudit']) expect(admin).not.toContain(id);
    expect(adminItems.filter((item) => item.group === 'business')).toEqual([]);
    expect(adminItems.find((item) => item.id === 'mntCompanies')?.group).toBe('mntCompanies');
    expect(adminItems.find((item) => item.id === 'finances')?.group).toBe('mntFinances');
    expect(adminItems.find((item) => item.id === 'adminZones')?.group).toBe('mntReferences');
  });

  it('finances: the admin area entries for admins; the company screens (usage, invoices, packages) for its agents only', () => {
    const admin = ids(makeAccount(SID, { type: 'admin' }));
    expect(admin).toEqual(expect.arrayContaining(['finances', 'mntFeatures', 'mntPackages', 'mntInvoices', 'mntTransactions']));
    // An admin never acts for a company (no Agent-id): its screens would only answer errors.
    for (const id of ['features', 'invoices', 'packages', 'transactions', 'articles', 'overview']) expect(admin).not.toContain(id);
    const owner = ids(agent('features.list', 'packages.show', 'invoices.list', 'invoices.show'));
    expect(owner).toEqual(expect.arrayContaining(['packages', 'invoices']));
    for (const id of ['features', 'finances', 'mntPackages']) expect(owner).not.toContain(id);
  });

  it('shows nothing to an account that must first change its password, or to nobody', () => {
    expect(ids(makeAccount(SID, { has_to_change_password: 1, agents: [makeAgent(7, 10, grant('surveys.show'))] }))).toEqual([]);
    expect(ids(null)).toEqual([]);
  });

  it('links only to routes with a page whose guard lets the account in', () => {
    const declared = declaredNavRoutes(routes);
    expect(declared.length).toBeGreaterThan(5);
    const owner = agent('surveys.show', 'templates.show', 'questions.list');
    for (const item of navItemsFor(routes, owner, SID, NOW)) {
      const route = declared.find((d) => d.nav.id === item.id)!;
      expect(decide({ ...route.rule, pathname: item.href, action: route.nav.params?.action }, owner, NOW)).toEqual({ kind: 'allow' });
    }
  });

  it('skips a declaration whose path keeps an unfilled parameter, and a route without a page', () => {
    const rule: GuardedHandle['rule'] = { access: 'signedIn' };
    const table = [
      { path: '/:sessionID/business/:action/things', handle: { rule, nav: { id: 'things', group: 'business' } }, lazy: async () => ({}) },
      { path: '/:sessionID/business/redirect', handle: { rule, nav: { id: 'redirect', group: 'business' } }, loader: () => null },
    ];
    expect(navItemsFor(table, agent(), SID, NOW)).toEqual([]);
  });

  it('marks the longest entry containing the address as the current one', () => {
    const items = navItemsFor(routes, agent('surveys.show'), SID, NOW);
    expect(activeNavItem(items, `/${SID}/business/view/surveys/form/4`)?.id).toBe('surveys');
    expect(activeNavItem(items, `/${SID}/business`)?.id).toBe('businessHome');
    expect(activeNavItem(items, `/${SID}/business-plan`)).toBeNull();
  });

  describe('the role rules of sections 2 and 6, with the permissions the server gives', () => {
    const slugsOf = (roles: readonly { slug: string; permissions: readonly string[] }[], slug: string) => roles.find((r) => r.slug === slug)!.permissions;
    const partner = makeAccount(SID, { type: 'agent', roles: ['partner'], agents: [makeAgent(8, 10, grant(...slugsOf(GLOBAL_ROLES, 'partner')), { roles: ['partner'] })] });
    const plainAgent = makeAccount(SID, { type: 'agent', agents: [makeAgent(9, 10, grant(...slugsOf(COMPANY_ROLES, 'agent')))] });
    const customer = makeAccount(SID, { type: 'customer', roles: ['customer'], permissions: grant(...slugsOf(GLOBAL_ROLES, 'customer')) });
    // A customer who accepted an invitation: the app now acts for that company (agent permissions).
    const joined = makeAccount(SID, { type: 'customer', roles: ['customer'], permissions: grant(...slugsOf(GLOBAL_ROLES, 'customer')), agents: [makeAgent(10, 11, grant(...slugsOf(COMPANY_ROLES, 'agent')))] });

    it('a partner or a plain agent is not offered the articles, which they cannot list; a plain agent no transactions either', () => {
      expect(ids(partner)).not.toContain('articles');
      expect(ids(plainAgent)).not.toContain('articles');
      expect(ids(plainAgent)).not.toContain('transactions');
      expect(ids(agent('articles.list'))).toContain('articles');
    });

    it('a partner is not an agent: sites, poles, transactions, people, the overview and the surveys (no role named), no agent-only screen', () => {
      expect(ids(partner)).toEqual(expect.arrayContaining(['sites', 'poles', 'transactions', 'people', 'overview', 'surveys']));
      for (const id of ['businessHome', 'questions', 'workspaces', 'monitors', 'activities', 'profile', 'reports', 'diffusions']) expect(ids(partner)).not.toContain(id);
    });

    it('what a person owns as a customer stays offered whatever their memberships (their invoices, their bookings)', () => {
      for (const account of [customer, joined, partner, plainAgent, agent()]) {
        expect(ids(account)).toEqual(expect.arrayContaining(['myInvoices', 'bookings']));
      }
    });
  });

  it("offers a company's audit trail to whoever manages its roles, not to other members", () => {
    expect(ids(agent('roles.update'))).toContain('companyAudit');
    expect(ids(agent('surveys.show'))).not.toContain('companyAudit');
  });
});
