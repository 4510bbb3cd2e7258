import { createNodeSchema, createPoleSchema, moveNodeSchema, reorderNodesSchema, updateNodeSchema, updatePoleSchema } from '@app/contracts/structure';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { parseId, registerResourceRoutes } from '../../../http/resource-routes';
import { moveNode, nodesService, poleTree, removeNode, reorderNodes } from './nodes.service';
import { polesService } from './poles.service';
import { idParams } from '@app/contracts';
import { okSchema, resourceRowSchema } from '../../../http/response-schemas';

/**
 * node-tree `TreeNode`: a node and its children, nested to any depth. The children are named
 * loosely (same shape, kept whole): a self-referencing schema has no place in the document.
 */
const treeNode = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  children: z.array(z.unknown()).describe('Les sous-nœuds, de la même forme'),
});

const params = idParams;
const confirmQuery = z.looseObject({ confirm: z.string().optional() });

export async function polesRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/pointerests/:id/tree', { schema: { tags: ['pointerests'], summary: "Arbre des nœuds d'un pôle", params, response: { 200: okSchema(z.array(treeNode)) } } }, async (request) =>
    ok(await poleTree(contextOf(request), parseId(request.params.id))),
  );
  // Before the regular routes: DELETE nodes/{id}?confirm=true takes the subtree.
  app.delete('/nodes/:id', { schema: { tags: ['nodes'], summary: 'Supprimer un nœud et ses sous-nœuds', params, querystring: confirmQuery, response: { 200: okSchema(z.object({ deleted: z.number().int() })) } } }, async (request) =>
    ok(await removeNode(contextOf(request), parseId(request.params.id), request.query.confirm === 'true' || request.query.confirm === '1')),
  );
  app.post('/nodes/:id/move', { schema: { tags: ['nodes'], summary: 'Déplacer un nœud', params, body: moveNodeSchema, response: { 200: okSchema(resourceRowSchema(nodesService.def, nodesService.extraFields)) } } }, async (request) =>
    ok(await moveNode(contextOf(request), parseId(request.params.id), request.body.parent_id, request.body.position)),
  );
  app.post('/nodes/reorder', { schema: { tags: ['nodes'], summary: "Réordonner les nœuds d'un niveau", body: reorderNodesSchema, response: { 200: okSchema(z.array(treeNode)) } } }, async (request) =>
    ok(await reorderNodes(contextOf(request), request.body.pointerest_id, request.body.parent_id, request.body.node_ids)),
  );
  registerResourceRoutes(app, { service: polesService, createBody: createPoleSchema, updateBody: updatePoleSchema, label: 'pôles' });
  // DELETE is declared above, with its confirmation.
  registerResourceRoutes(app, { service: nodesService, createBody: createNodeSchema, updateBody: updateNodeSchema, label: 'nœuds', skip: ['delete'] });
}
