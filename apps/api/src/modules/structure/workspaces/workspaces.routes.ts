import { createWorkspaceSchema, updateWorkspaceSchema } from '@app/contracts/structure';
import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../../http/resource-routes';
import { workspacesService } from './workspaces.service';

export async function workspacesRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, {
    service: workspacesService,
    createBody: createWorkspaceSchema,
    updateBody: updateWorkspaceSchema,
    label: 'espaces de travail',
  });
}
