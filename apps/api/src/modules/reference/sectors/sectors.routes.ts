import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../../http/resource-routes';
import { createSectorBody, updateSectorBody } from './sectors.schemas';
import { sectorsService } from './sectors.service';

export async function sectorsRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, {
    service: sectorsService,
    createBody: createSectorBody,
    updateBody: updateSectorBody,
    label: "secteurs d'activité",
  });
}
