import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { audiencesRoutes } from './audiences/audiences.routes';
import { companyZonesRoutes } from './company-zones/company-zones.routes';
import { contactsRoutes } from './contacts/contacts.routes';
import { groupsRoutes } from './groups/groups.routes';
import { importsRoutes } from './imports/imports.routes';
import { pinsRoutes } from './pins/pins.routes';
import { polesRoutes } from './poles/poles.routes';
import { sitesRoutes } from './sites/sites.routes';
import { workspacesRoutes } from './workspaces/workspaces.routes';

/** The company-structure context: every route of sites, workspaces, groups, audiences, poles, contacts, zones, pins and imports. */
export async function structureModule(app: FastifyInstance, options: { config: Config }) {
  await app.register(sitesRoutes);
  await app.register(workspacesRoutes);
  await app.register(groupsRoutes);
  await app.register(audiencesRoutes);
  await app.register(polesRoutes);
  await app.register(contactsRoutes);
  await app.register(companyZonesRoutes);
  await app.register(pinsRoutes);
  await app.register(importsRoutes, options);
}
