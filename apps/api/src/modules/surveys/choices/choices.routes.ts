import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../../http/resource-routes';
import { createChoiceBody, updateChoiceBody } from './choices.schemas';
import { choicesService } from './choices.service';

export async function choicesRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, { service: choicesService, createBody: createChoiceBody, updateBody: updateChoiceBody, label: 'choix' });
}
