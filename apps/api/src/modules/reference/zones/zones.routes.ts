import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../../http/resource-routes';
import { createZoneBody, updateZoneBody } from './zones.schemas';
import { zonesService } from './zones.service';

export async function zonesRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, {
    service: zonesService,
    createBody: createZoneBody,
    updateBody: updateZoneBody,
    label: 'zones',
  });
}
