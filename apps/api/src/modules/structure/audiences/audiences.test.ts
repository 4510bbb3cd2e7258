import { encodeQuery } from '@app/contracts/query-codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, callIn, createOwner } from '../../tenancy/companies/tenancy.test-support';
import { createPlainMember, expectCreated, zoneId } from '../structure.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let agents: number[];
let sites: { douala: number; yaounde: number };
let group: number;
beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Audiences SARL');
  await createOwner(t, 'Voisins SARL'); // another company's agents never count
  const s = a.session;
  agents = [];
  for (let i = 0; i < 5; i++) agents.push((await createPlainMember(t, a.company.id)).agentId);
  sites = {
    douala: (await expectCreated(await call(t, 'POST', 'sites', s, { name: 'Akwa', zone_id: await zoneId(t, 'Douala') }), 'site')).id,
    yaounde: (await expectCreated(await call(t, 'POST', 'sites', s, { name: 'Bastos', zone_id: await zoneId(t, 'Yaoundé') }), 'site')).id,
  };
  for (const agent of agents.slice(0, 3)) await call(t, 'POST', `sites/${sites.douala}/agents`, s, { agent_id: agent });
  await call(t, 'POST', `sites/${sites.yaounde}/agents`, s, { agent_id: agents[3] });
  group = (await expectCreated(await call(t, 'POST', 'groups', s, { name: 'Superviseurs' }), 'group')).id;
  await call(t, 'POST', `groups/${group}/agents`, s, { agent_ids: [agents[0], agents[3]] });
}, 60_000);
afterAll(() => t.close());

const count = async (id: number) => (await call(t, 'GET', `audiences/${id}`, a.session)).body.data.member_count;

describe('audiences and sub-audiences', () => {
  it('counts the whole population, then narrows by rules evaluated in SQL', async () => {
    const all = await expectCreated(await call(t, 'POST', 'audiences', a.session, { name: 'Tous', population: 'agents' }), 'audience');
    expect(all.member_count).toBe(6); // five members and the owner
    const littoral = await zoneId(t, 'Littoral', 'region');
    const rule = await expectCreated(
      await call(t, 'POST', `audiences/${all.id}/sub/rule`, a.session, {
        name: 'Littoral',
        rule: { conditions: [{ field: 'zone', operator: 'in', values: [littoral] }] },
      }),
      'sub',
    );
    expect(rule).toMatchObject({ parent_id: all.id, mode: 'rule', member_count: 3 });
    // A sub-audience of the sub-audience: in the Littoral AND in the group.
    const both = await expectCreated(
      await call(t, 'POST', `audiences/${rule.id}/sub/rule`, a.session, { name: 'Superviseurs du Littoral', rule: { conditions: [{ field: 'group', values: [group] }] } }),
      'sub',
    );
    expect(both.member_count).toBe(1);
    const members = (await call(t, 'GET', `audiences/${both.id}/members`, a.session)).body.data;
    expect(members.map((m: any) => m.id)).toEqual([agents[0]]);
    // any: Yaoundé site OR the group; not_in: everyone but the group.
    const any = await call(t, 'POST', `audiences/${all.id}/sub/rule`, a.session, {
      name: 'Bastos ou superviseurs',
      rule: { match: 'any', conditions: [{ field: 'site', values: [sites.yaounde] }, { field: 'group', values: [group] }] },
    });
    expect(any.body.data.member_count).toBe(2);
    const notIn = await call(t, 'POST', `audiences/${all.id}/sub/rule`, a.session, {
      name: 'Hors superviseurs',
      rule: { conditions: [{ field: 'group', operator: 'not_in', values: [group] }] },
    });
    expect(notIn.body.data.member_count).toBe(4);
    const owners = await call(t, 'POST', `audiences/${all.id}/sub/rule`, a.session, { name: 'Responsables', rule: { conditions: [{ field: 'role', values: ['owner'] }] } });
    expect(owners.body.data.member_count).toBe(1);
    // A member who joins the Littoral is counted at once.
    await call(t, 'POST', `sites/${sites.douala}/agents`, a.session, { agent_id: agents[4] });
    expect(await count(rule.id)).toBe(4);
    const subs = (await call(t, 'GET', `audiences/${all.id}/sub/rule`, a.session)).body.data;
    expect(subs.map((s: any) => s.name).sort()).toEqual(['Bastos ou superviseurs', 'Hors superviseurs', 'Littoral', 'Responsables']);
  });

  it('keeps static lists inside the parent, and refuses rules that do not fit the population (422)', async () => {
    const all = await expectCreated(await call(t, 'POST', 'audiences', a.session, { name: 'Agents', population: 'agents' }), 'audience');
    const list = await expectCreated(
      await call(t, 'POST', `audiences/${all.id}/sub/static`, a.session, { name: 'Choisis', member_ids: [agents[1], agents[2]] }),
      'static',
    );
    expect(list.member_count).toBe(2);
    const outsider = await call(t, 'POST', `audiences/${list.id}/members`, a.session, { member_ids: [999999] });
    expect(outsider.status).toBe(422);
    expect(outsider.body.errors.member_ids[0]).toContain("l'audience parente");
    const outsiderEs = await callIn(t, 'es', 'POST', `audiences/${list.id}/members`, a.session, { member_ids: [999999] });
    expect(outsiderEs.body.errors.member_ids).toEqual(['Algunas personas no forman parte de la audiencia padre.']);
    expect((await call(t, 'POST', `audiences/${list.id}/members`, a.session, { member_ids: [agents[3]] })).body.data.member_count).toBe(3);
    expect((await call(t, 'DELETE', `audiences/${list.id}/members/${agents[1]}`, a.session)).body.data.member_count).toBe(2);
    const contactsRule = await call(t, 'POST', `audiences/${all.id}/sub/rule`, a.session, { name: 'Mauvais', rule: { conditions: [{ field: 'organisation', values: ['Mairie'] }] } });
    expect(contactsRule.status).toBe(422);
    expect(contactsRule.body.errors.rule[0]).toContain('Organisation');
    const contactsRuleEn = await callIn(t, 'en', 'POST', `audiences/${all.id}/sub/rule`, a.session, { name: 'Bad', rule: { conditions: [{ field: 'organisation', values: ['Mairie'] }] } });
    expect(contactsRuleEn.body.errors.rule).toEqual(['The criterion “Organisation” does not apply to this population.']);
    const textForId = await call(t, 'POST', `audiences/${all.id}/sub/rule`, a.session, { name: 'Mauvais', rule: { conditions: [{ field: 'site', values: ['Akwa'] }] } });
    expect(textForId.status).toBe(422);
    expect(textForId.body.errors.rule).toEqual(['Le critère « Site » attend des identifiants.']);
    const textForIdZh = await callIn(t, 'zh-CN', 'POST', `audiences/${all.id}/sub/rule`, a.session, { name: '错误', rule: { conditions: [{ field: 'site', values: ['Akwa'] }] } });
    expect(textForIdZh.body.errors.rule).toEqual(['条件“站点”需要标识。']);
    const idForRoleEn = await callIn(t, 'en', 'POST', `audiences/${all.id}/sub/rule`, a.session, { name: 'Bad', rule: { conditions: [{ field: 'role', values: [3] }] } });
    expect(idForRoleEn.body.errors.rule).toEqual(['The criterion “Role” expects texts.']);
    expect((await call(t, 'POST', `audiences/${all.id}/sub/everyone`, a.session, { name: 'Tout le monde' })).status).toBe(404);
    const copy = await expectCreated(await call(t, 'POST', `audiences/${list.id}/duplicate`, a.session), 'copy');
    expect(copy).toMatchObject({ name: 'Choisis (copie)', mode: 'static', member_count: 2, parent_id: all.id });
    await call(t, 'DELETE', `audiences/${all.id}`, a.session);
    expect((await call(t, 'GET', `audiences/${list.id}`, a.session)).status).toBe(404);
  });

  it('narrows contacts by zone and organisation, and lists them with the query object', async () => {
    const douala = await zoneId(t, 'Douala');
    for (const [name, organisation, zone] of [
      ['Paul', 'Mairie', douala],
      ['Anne', 'mairie', douala],
      ['Marc', 'Hôpital', null],
    ] as const) {
      await call(t, 'POST', 'contacts', a.session, { name, organisation, zone_id: zone });
    }
    const all = await expectCreated(await call(t, 'POST', 'audiences', a.session, { name: 'Contacts', population: 'contacts' }), 'audience');
    expect(all.member_count).toBe(3);
    const littoral = await zoneId(t, 'Littoral', 'region');
    const rule = await expectCreated(
      await call(t, 'POST', `audiences/${all.id}/sub/rule`, a.session, {
        name: 'Mairies du Littoral',
        rule: { conditions: [{ field: 'organisation', values: ['MAIRIE'] }, { field: 'zone', values: [littoral] }] },
      }),
      'sub',
    );
    expect(rule.member_count).toBe(2);
    const page = await call(t, 'GET', `audiences/${rule.id}/members?${encodeQuery({ sort: [{ key: 'name' }], limit: 1 })}`, a.session);
    expect(page.body.data.map((c: any) => c.name)).toEqual(['Anne']);
    expect(page.body.meta.has_more).toBe(true);
  });
});
