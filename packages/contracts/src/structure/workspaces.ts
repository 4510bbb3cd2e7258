import { z } from 'zod';
import { freeCodeField, idField, nameField, statusField } from './common';

/** What a workspace is; free text is refused so that lists can be filtered. */
export const WORKSPACE_KINDS = ['counter', 'desk', 'shop', 'room', 'other'] as const;
export const WORKSPACE_KIND_LABELS: Record<(typeof WORKSPACE_KINDS)[number], string> = {
  counter: 'Guichet',
  desk: 'Bureau',
  shop: 'Boutique',
  room: 'Salle',
  other: 'Autre',
};
const kind = z.enum(WORKSPACE_KINDS, { message: 'Type inconnu (counter, desk, shop, room ou other)' });

export const createWorkspaceSchema = z.object({
  name: nameField,
  code: freeCodeField,
  site_id: idField('Choisissez un site'),
  kind: kind.optional(),
  status: statusField.optional(),
});
export const updateWorkspaceSchema = z.object({
  name: nameField.optional(),
  code: freeCodeField.optional(),
  site_id: idField('Choisissez un site').optional(),
  kind: kind.optional(),
  status: statusField.optional(),
});
export type CreateWorkspaceInput = z.infer<typeof createWorkspaceSchema>;
export type UpdateWorkspaceInput = z.infer<typeof updateWorkspaceSchema>;
