import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Session } from '../modules/tenancy/companies/tenancy.test-support';
import { openDemoApp, signInDemoOwner } from '../test/demo-app';
import type { TestApp } from '../test/test-app';

let t: TestApp;
let owner: Session;
beforeAll(async () => {
  t = await openDemoApp();
  owner = await signInDemoOwner(t, 'demo-structure-device');
}, 120_000);
afterAll(() => t.close());

describe('demo structure of Démo SARL', () => {
  it('has sites in Douala and Yaoundé with coordinates and geofences, once', async () => {
    const sites = (await call(t, 'GET', 'sites?includes[]=zone', owner)).body.data;
    expect(sites).toHaveLength(5);
    expect(new Set(sites.map((s: any) => s.zone.name))).toEqual(new Set(['Douala', 'Yaoundé']));
    for (const site of sites) {
      expect(site.latitude).toBeGreaterThan(3);
      expect(site.geofence_radius_m).toBeGreaterThan(0);
    }
    const akwa = sites.find((s: any) => s.code === 'AKWA');
    expect((await call(t, 'GET', `sites/${akwa.id}/workspaces`, owner)).body.data.length).toBe(3);
    expect((await call(t, 'GET', `sites/${akwa.id}/agents`, owner)).body.data.length).toBe(2);
    expect((await call(t, 'GET', `sites/${akwa.id}/surveys`, owner)).body.data.length).toBe(1);
  });

  it('has groups, an audience with sub-audiences that count people, a pole tree and contacts', async () => {
    const groups = (await call(t, 'GET', 'groups', owner)).body.data.map((g: any) => g.name);
    expect(groups.sort()).toEqual(['Superviseurs', 'Équipe Douala', 'Équipe Yaoundé']);
    const [all] = (await call(t, 'GET', 'audiences?filter_groups[0][filters][0][key]=name&filter_groups[0][filters][0][value]=Tous les agents', owner)).body.data;
    expect(all.member_count).toBe(8); // the owner, the partner and six field agents
    const subs = (await call(t, 'GET', `audiences/${all.id}/sub`, owner)).body.data;
    expect(Object.fromEntries(subs.map((s: any) => [s.name, s.member_count]))).toEqual({ 'Agents du Littoral': 4, 'Référents qualité': 2 });
    const poles = (await call(t, 'GET', 'pointerests', owner)).body.data;
    const tree = (await call(t, 'GET', `pointerests/${poles[0].id}/tree`, owner)).body.data;
    expect(tree.map((n: any) => n.name)).toEqual(['Région Littoral', 'Région Centre']);
    expect(tree[0].children.map((n: any) => n.name)).toEqual(['Douala Centre', 'Douala Nord']);
    expect((await call(t, 'GET', 'contacts', owner)).body.data).toHaveLength(5);
  });

  it('pins a site and a group for the owner, first in their lists, and works in two regions', async () => {
    const pins = (await call(t, 'GET', 'pins', owner)).body.data;
    expect(pins.map((p: any) => p.label).sort()).toEqual(['Agence Akwa', 'Superviseurs'].sort());
    const [firstGroup] = (await call(t, 'GET', 'groups', owner)).body.data;
    expect([firstGroup.name, firstGroup.pinned]).toEqual(['Superviseurs', true]);
    const zones = (await call(t, 'GET', 'companyzones', owner)).body.data;
    expect(zones.map((z: any) => z.name).sort()).toEqual(['Centre', 'Littoral']);
  });
});
