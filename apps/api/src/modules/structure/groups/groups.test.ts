import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner } from '../../tenancy/companies/tenancy.test-support';
import { createPlainMember, expectCreated } from '../structure.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Groupes SARL');
});
afterAll(() => t.close());

describe('groups', () => {
  it("shows the active agent's groups in GET auth as soon as they change, and copies members on duplicate", async () => {
    const member = await createPlainMember(t, a.company.id);
    const groupsInAuth = async () =>
      (await call(t, 'GET', 'auth', member.session)).body.data.agents.find((x: any) => x.id === member.agentId).groups.map((g: any) => g.name);
    expect(await groupsInAuth()).toEqual([]);
    const group = await expectCreated(await call(t, 'POST', 'groups', a.session, { name: 'Équipe terrain' }), 'group');
    await call(t, 'POST', `groups/${group.id}/agents`, a.session, { agent_ids: [member.agentId, a.company.agent_id] });
    expect(await groupsInAuth()).toEqual(['Équipe terrain']);
    const members = (await call(t, 'GET', `groups/${group.id}/agents`, a.session)).body.data.map((x: any) => x.id);
    expect(members.sort()).toEqual([member.agentId, a.company.agent_id].sort());
    const copy = await expectCreated(await call(t, 'POST', `groups/${group.id}/duplicate`, a.session), 'copy');
    expect(copy.name).toBe('Équipe terrain (copie)');
    expect((await call(t, 'GET', `groups/${copy.id}/agents`, a.session)).body.data).toHaveLength(2);
    await call(t, 'DELETE', `groups/${group.id}/agents/${member.agentId}`, a.session);
    expect(await groupsInAuth()).toEqual(['Équipe terrain (copie)']);
    await call(t, 'DELETE', `groups/${copy.id}`, a.session);
    expect(await groupsInAuth()).toEqual([]);
    const outsider = await createOwner(t, 'Ailleurs');
    const refused = await call(t, 'POST', `groups/${group.id}/agents`, a.session, { agent_ids: [outsider.company.agent_id] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.agent_ids[0]).toContain("n'appartiennent pas");
  });
});
