import { z } from 'zod';
import { idField, nameField, optionalText } from './common';

export const createGroupSchema = z.object({
  name: nameField,
  description: optionalText(500),
  site_id: idField('Site inconnu').nullable().optional(),
});
export const updateGroupSchema = createGroupSchema.partial();
export const groupMembersBody = z.object({
  agent_ids: z.array(idField('Agent inconnu'), { message: 'Donnez la liste des agents' }).min(1, 'Choisissez au moins un agent').max(500),
});
export type CreateGroupInput = z.infer<typeof createGroupSchema>;
export type UpdateGroupInput = z.infer<typeof updateGroupSchema>;
