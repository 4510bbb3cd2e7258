import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../test/test-app';
import { call, headersOf, type Session } from '../tenancy/companies/tenancy.test-support';
import { buildStructure, createBareAgent } from './structure.test-support';

/**
 * Every route of the structure context × signed out (401), another company (404), a
 * missing permission (403) and bad input (422 in French). Routes that take no id have
 * no "other company" case: they only ever reach the caller's own rows.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof buildStructure>>;
let b: Awaited<ReturnType<typeof buildStructure>>;
let bare: Session;
beforeAll(async () => {
  t = await openTestApp();
  a = await buildStructure(t, 'Matrice A');
  b = await buildStructure(t, 'Matrice B');
  bare = await createBareAgent(t, a.company.id);
}, 60_000);
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
interface RouteCase {
  method: Method;
  /** The URL for company `c`'s objects. */
  url: (c: typeof a) => string;
  body?: (c: typeof a) => unknown;
  /** A body the schema refuses, with the field named in the answer. */
  bad?: { body: unknown; field: string };
  /** Whether the URL names one of the company's objects (else no 404 case). */
  owned: boolean;
}

const routes: RouteCase[] = [
  { method: 'GET', url: () => 'sites', owned: false },
  { method: 'POST', url: () => 'sites/search', body: () => ({ input: 'Akwa' }), owned: false },
  { method: 'POST', url: () => 'sites', body: (c) => ({ name: 'Nouveau', zone_id: c.douala }), bad: { body: { name: 'X', latitude: 95 }, field: 'latitude' }, owned: false },
  { method: 'GET', url: (c) => `sites/${c.site.id}`, owned: true },
  { method: 'POST', url: (c) => `sites/${c.site.id}`, body: () => ({ name: 'Renommé' }), bad: { body: { geofence_radius_m: 2 }, field: 'geofence_radius_m' }, owned: true },
  { method: 'POST', url: (c) => `sites/${c.site.id}/duplicate`, owned: true },
  { method: 'GET', url: (c) => `sites/${c.site.id}/agents`, owned: true },
  { method: 'POST', url: (c) => `sites/${c.site.id}/agents`, body: (c) => ({ agent_id: c.company.agent_id }), bad: { body: { agent_id: 'x' }, field: 'agent_id' }, owned: true },
  { method: 'DELETE', url: (c) => `sites/${c.site.id}/agents/${c.company.agent_id}`, owned: true },
  { method: 'GET', url: (c) => `sites/${c.site.id}/groups`, owned: true },
  { method: 'GET', url: (c) => `sites/${c.site.id}/workspaces`, owned: true },
  { method: 'GET', url: (c) => `sites/${c.site.id}/surveys`, owned: true },
  { method: 'POST', url: (c) => `sites/${c.site.id}/surveys`, body: (c) => ({ survey_id: c.survey.id }), bad: { body: {}, field: 'survey_id' }, owned: true },
  { method: 'DELETE', url: (c) => `sites/${c.site.id}/surveys/${c.survey.id}`, owned: true },
  { method: 'GET', url: () => 'workspaces', owned: false },
  { method: 'POST', url: () => 'workspaces/search', body: () => ({}), owned: false },
  { method: 'POST', url: () => 'workspaces', body: (c) => ({ name: 'Bureau', code: 'B9', site_id: c.site.id }), bad: { body: { name: 'Bureau', code: 'a b', site_id: 1 }, field: 'code' }, owned: false },
  { method: 'GET', url: (c) => `workspaces/${c.workspace.id}`, owned: true },
  { method: 'POST', url: (c) => `workspaces/${c.workspace.id}`, body: () => ({ kind: 'desk' }), bad: { body: { kind: 'cave' }, field: 'kind' }, owned: true },
  { method: 'POST', url: (c) => `workspaces/${c.workspace.id}/duplicate`, owned: true },
  { method: 'GET', url: () => 'groups', owned: false },
  { method: 'POST', url: () => 'groups/search', body: () => ({}), owned: false },
  { method: 'POST', url: () => 'groups', body: () => ({ name: 'Équipe' }), bad: { body: { name: '' }, field: 'name' }, owned: false },
  { method: 'GET', url: (c) => `groups/${c.group.id}`, owned: true },
  { method: 'POST', url: (c) => `groups/${c.group.id}`, body: () => ({ description: 'x' }), bad: { body: { name: 'y' }, field: 'name' }, owned: true },
  { method: 'POST', url: (c) => `groups/${c.group.id}/duplicate`, owned: true },
  { method: 'GET', url: (c) => `groups/${c.group.id}/agents`, owned: true },
  { method: 'POST', url: (c) => `groups/${c.group.id}/agents`, body: (c) => ({ agent_ids: [c.company.agent_id] }), bad: { body: { agent_ids: [] }, field: 'agent_ids' }, owned: true },
  { method: 'DELETE', url: (c) => `groups/${c.group.id}/agents/${c.company.agent_id}`, owned: true },
  { method: 'GET', url: () => 'audiences', owned: false },
  { method: 'POST', url: () => 'audiences/search', body: () => ({}), owned: false },
  { method: 'POST', url: () => 'audiences', body: () => ({ name: 'Clients', population: 'contacts' }), bad: { body: { name: 'Clients', population: 'martiens' }, field: 'population' }, owned: false },
  { method: 'GET', url: (c) => `audiences/${c.audience.id}`, owned: true },
  { method: 'POST', url: (c) => `audiences/${c.audience.id}`, body: () => ({ description: 'Tous' }), bad: { body: { rule: { conditions: [] } }, field: 'rule.conditions' }, owned: true },
  { method: 'POST', url: (c) => `audiences/${c.audience.id}/duplicate`, owned: true },
  { method: 'GET', url: (c) => `audiences/${c.audience.id}/members`, owned: true },
  { method: 'POST', url: (c) => `audiences/${c.sub.id}/members`, body: (c) => ({ member_ids: [c.company.agent_id] }), bad: { body: { member_ids: [] }, field: 'member_ids' }, owned: true },
  { method: 'GET', url: (c) => `audiences/${c.audience.id}/sub`, owned: true },
  { method: 'GET', url: (c) => `audiences/${c.audience.id}/sub/rule`, owned: true },
  {
    method: 'POST',
    url: (c) => `audiences/${c.audience.id}/sub/rule`,
    body: () => ({ name: 'Actifs', rule: { conditions: [{ field: 'status', values: ['active'] }] } }),
    bad: { body: { name: 'Z', rule: 'tout' }, field: 'name' },
    owned: true,
  },
  { method: 'GET', url: () => 'pointerests', owned: false },
  { method: 'POST', url: () => 'pointerests/search', body: () => ({}), owned: false },
  { method: 'POST', url: () => 'pointerests', body: () => ({ name: 'Technique' }), bad: { body: {}, field: 'name' }, owned: false },
  { method: 'GET', url: (c) => `pointerests/${c.pole.id}`, owned: true },
  { method: 'GET', url: (c) => `pointerests/${c.pole.id}/tree`, owned: true },
  { method: 'POST', url: (c) => `pointerests/${c.pole.id}`, body: () => ({ name: 'Ventes et marketing' }), bad: { body: { name: 'V' }, field: 'name' }, owned: true },
  { method: 'GET', url: () => 'nodes', owned: false },
  {
    method: 'POST',
    url: () => 'nodes/reorder',
    body: (c) => ({ pointerest_id: c.pole.id, parent_id: null, node_ids: [c.node.id] }),
    bad: { body: { pointerest_id: 1, parent_id: null, node_ids: [] }, field: 'node_ids' },
    owned: true,
  },
  { method: 'POST', url: () => 'nodes', body: (c) => ({ pointerest_id: c.pole.id, name: 'Export' }), bad: { body: { name: 'Export' }, field: 'pointerest_id' }, owned: false },
  { method: 'GET', url: (c) => `nodes/${c.node.id}`, owned: true },
  { method: 'POST', url: (c) => `nodes/${c.node.id}`, body: () => ({ name: 'Ventes directes' }), bad: { body: { name: '' }, field: 'name' }, owned: true },
  { method: 'POST', url: (c) => `nodes/${c.node.id}/move`, body: () => ({ parent_id: null, position: 0 }), bad: { body: { position: -1 }, field: 'parent_id' }, owned: true },
  { method: 'GET', url: () => 'contacts', owned: false },
  { method: 'POST', url: () => 'contacts/search', body: () => ({}), owned: false },
  { method: 'POST', url: () => 'contacts', body: () => ({ name: 'Awa Bello' }), bad: { body: { name: 'Awa', email: 'pas-une-adresse' }, field: 'email' }, owned: false },
  { method: 'GET', url: (c) => `contacts/${c.contact.id}`, owned: true },
  { method: 'POST', url: (c) => `contacts/${c.contact.id}`, body: () => ({ notes: 'Rappeler' }), bad: { body: { phone: 'x'.repeat(40) }, field: 'phone' }, owned: true },
  { method: 'POST', url: () => 'companyzones', body: (c) => ({ zone_id: c.douala }), bad: { body: { zone_id: 'Douala' }, field: 'zone_id' }, owned: false },
  { method: 'GET', url: () => 'companyzones', owned: false },
  { method: 'DELETE', url: (c) => `companyzones/${c.douala}`, owned: true },
  { method: 'GET', url: () => 'pins', owned: false },
  { method: 'POST', url: () => 'pins', body: (c) => ({ type: 'sites', id: c.site.id }), bad: { body: { type: 'planets', id: 1 }, field: 'type' }, owned: true },
  { method: 'GET', url: (c) => `companies/${c.company.id}/importagents/sample`, owned: true },
  { method: 'GET', url: (c) => `companies/${c.company.id}/importworkspaces/sample`, owned: true },
  { method: 'POST', url: (c) => `pins/sites/${c.site.id}/me/delete`, owned: true },
  // Deletes last: they remove what the earlier cases use.
  { method: 'DELETE', url: (c) => `nodes/${c.node.id}`, owned: true },
  { method: 'DELETE', url: (c) => `contacts/${c.contact.id}`, owned: true },
  { method: 'DELETE', url: (c) => `workspaces/${c.workspace.id}`, owned: true },
  { method: 'DELETE', url: (c) => `groups/${c.group.id}`, owned: true },
  { method: 'DELETE', url: (c) => `audiences/${c.audience.id}`, owned: true },
  { method: 'DELETE', url: (c) => `pointerests/${c.pole.id}`, owned: true },
  { method: 'DELETE', url: (c) => `sites/${c.site.id}`, owned: true },
];

/** Calls a route as `session`; non-JSON answers (sample files) keep only their status. */
async function send(r: RouteCase, session: Session | null, c: typeof a) {
  const payload = r.body ? r.body(c) : r.method === 'POST' ? {} : undefined;
  const res = await t.app.inject({
    method: r.method,
    url: `/api/v2/${r.url(c)}`,
    headers: session ? headersOf(session) : {},
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
  const json = String(res.headers['content-type']).includes('json');
  return { status: res.statusCode, body: json ? res.json() : null };
}

describe('structure routes: who may call them', () => {
  // Names of the cases: the URL with placeholders instead of ids.
  const names = new Proxy({}, { get: (_t, key) => (key === 'company' ? { id: ':company', agent_id: ':agent' } : { id: `:${String(key)}` }) });
  it.each(routes.map((r) => [`${r.method} ${r.url(names as typeof a)}`, r] as const))(
    '%s: 401 signed out, 403 without permission, 404 on another company, 422 on bad input, then succeeds',
    async (_name, r) => {
      const anonymous = await send(r, null, a);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toContain('authentifié');

      const forbidden = await send(r, bare, a);
      expect(forbidden.status).toBe(403);

      if (r.owned) {
        // Company B's owner names A's objects (in the URL and the body).
        const other = await send(r, b.session, a);
        expect(other.status).toBe(404);
      }
      if (r.bad) {
        const bad = await call(t, r.method, r.url(a), a.session, r.bad.body);
        expect(bad.status).toBe(422);
        expect(Object.keys(bad.body.errors)).toContain(r.bad.field);
        expect(JSON.stringify(bad.body.errors)).toMatch(/[a-zé]/);
      }
      const okRes = await send(r, a.session, a);
      expect(okRes.status, JSON.stringify(okRes.body).slice(0, 300)).toBeLessThan(300);
    },
  );
});
