import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, callIn, createOwner } from '../../tenancy/companies/tenancy.test-support';
import { createPlainMember, expectCreated } from '../structure.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Pôles SARL');
});
afterAll(() => t.close());

const node = async (pole: number, name: string, parent_id: number | null = null, position?: number) =>
  (await expectCreated(await call(t, 'POST', 'nodes', a.session, { pointerest_id: pole, parent_id, name, position }), name)).id as number;

const shape = (tree: any[]): unknown => tree.map((n) => (n.children.length ? { [n.name]: shape(n.children) } : n.name));

describe('poles and node trees', () => {
  it('builds a tree, inserts at a position, moves a subtree, reorders siblings and deletes a subtree once confirmed', async () => {
    const pole = (await expectCreated(await call(t, 'POST', 'pointerests', a.session, { name: 'Direction commerciale' }), 'pole')).id;
    const nord = await node(pole, 'Nord');
    const sud = await node(pole, 'Sud');
    const garoua = await node(pole, 'Garoua', nord);
    await node(pole, 'Maroua', nord);
    await node(pole, 'Centre', null, 1); // between Nord and Sud
    const tree = async () => shape((await call(t, 'GET', `pointerests/${pole}/tree`, a.session)).body.data);
    expect(await tree()).toEqual([{ Nord: ['Garoua', 'Maroua'] }, 'Centre', 'Sud']);

    expect((await call(t, 'POST', `nodes/${nord}/move`, a.session, { parent_id: garoua })).status).toBe(422); // under itself
    const moved = await call(t, 'POST', `nodes/${garoua}/move`, a.session, { parent_id: sud, position: 0 });
    expect(moved.body.data).toMatchObject({ parent_id: sud, position: 0 });
    expect(await tree()).toEqual([{ Nord: ['Maroua'] }, 'Centre', { Sud: ['Garoua'] }]);

    const roots = (await call(t, 'GET', `pointerests/${pole}/tree`, a.session)).body.data.map((n: any) => n.id);
    const reorder = await call(t, 'POST', 'nodes/reorder', a.session, { pointerest_id: pole, parent_id: null, node_ids: [...roots].reverse() });
    expect(shape(reorder.body.data)).toEqual([{ Sud: ['Garoua'] }, 'Centre', { Nord: ['Maroua'] }]);
    expect((await call(t, 'POST', 'nodes/reorder', a.session, { pointerest_id: pole, parent_id: null, node_ids: [sud] })).status).toBe(422);

    const refused = await call(t, 'DELETE', `nodes/${sud}`, a.session);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('1 sous-nœud');
    const deleted = await call(t, 'DELETE', `nodes/${sud}?confirm=true`, a.session);
    expect(deleted.body.data).toEqual({ deleted: 2 });
    expect(await tree()).toEqual(['Centre', { Nord: ['Maroua'] }]);
    expect((await call(t, 'GET', `nodes/${garoua}`, a.session)).status).toBe(404);
    const positions = (await call(t, 'GET', `pointerests/${pole}/tree`, a.session)).body.data.map((n: any) => n.position);
    expect(positions).toEqual([0, 1]);
  });

  it('keeps a parent in the same pole, and lets members read but not write', async () => {
    const one = (await expectCreated(await call(t, 'POST', 'pointerests', a.session, { name: 'Pôle A' }), 'pole')).id;
    const two = (await expectCreated(await call(t, 'POST', 'pointerests', a.session, { name: 'Pôle B' }), 'pole')).id;
    const root = await node(one, 'Racine');
    const cross = await call(t, 'POST', 'nodes', a.session, { pointerest_id: two, parent_id: root, name: 'Intrus' });
    expect(cross.status).toBe(422);
    expect(cross.body.errors.parent_id[0]).toContain('autre pôle');
    const member = await createPlainMember(t, a.company.id);
    expect((await call(t, 'GET', `pointerests/${one}/tree`, member.session)).status).toBe(200);
    expect((await call(t, 'POST', 'nodes', member.session, { pointerest_id: one, name: 'Non' })).status).toBe(403);
  });

  it('refuses in the caller’s language', async () => {
    const pole = (await expectCreated(await call(t, 'POST', 'pointerests', a.session, { name: 'Langues' }), 'pole')).id;
    const top = await node(pole, 'Haut');
    const below = await node(pole, 'Bas', top);
    const underItself = await callIn(t, 'en-GB,en;q=0.9', 'POST', `nodes/${top}/move`, a.session, { parent_id: below });
    expect(underItself.status).toBe(422);
    expect(underItself.body.errors.parent_id).toEqual(['A node cannot move under itself or under one of its sub-nodes.']);
    const withChildren = await callIn(t, 'zh-CN', 'DELETE', `nodes/${top}`, a.session);
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.message).toBe('该节点有 1 个子节点：确认后将全部删除（confirm=true）。');
    const noPole = await callIn(t, 'de', 'POST', 'nodes', a.session, { pointerest_id: 999999, name: 'Nirgends' });
    expect(noPole.status).toBe(422);
    expect(noPole.body.errors.pointerest_id).toEqual(['Dieser Pol existiert nicht.']);
  });
});
