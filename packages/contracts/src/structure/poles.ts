import { z } from 'zod';
import { idField, nameField, optionalText } from './common';
import { INT4_MAX, int4 } from '../ids';

export const createPoleSchema = z.object({ name: nameField, description: optionalText(500) });
export const updatePoleSchema = createPoleSchema.partial();

export const createNodeSchema = z.object({
  pointerest_id: idField('Choisissez un pôle'),
  parent_id: idField('Nœud parent inconnu').nullable().optional(),
  name: nameField,
  description: optionalText(500),
  position: int4({ min: 0 }).optional(),
});
export const updateNodeSchema = z.object({ name: nameField.optional(), description: optionalText(500) });
/** Moves a node (and its subtree) under another parent of the same pole, at a position. */
export const moveNodeSchema = z.object({
  parent_id: idField('Nœud parent inconnu').nullable(),
  position: z.number({ message: 'Position invalide' }).int().min(0).max(INT4_MAX, 'Position invalide').optional(),
});
/** The new order of the children of one parent (root nodes when parent_id is null). */
export const reorderNodesSchema = z.object({
  pointerest_id: idField('Choisissez un pôle'),
  parent_id: idField('Nœud parent inconnu').nullable(),
  node_ids: z.array(idField('Nœud inconnu')).min(1, 'Donnez au moins un nœud').max(1000),
});
export type CreatePoleInput = z.infer<typeof createPoleSchema>;
export type UpdatePoleInput = z.infer<typeof updatePoleSchema>;
export type CreateNodeInput = z.infer<typeof createNodeSchema>;
export type UpdateNodeInput = z.infer<typeof updateNodeSchema>;
