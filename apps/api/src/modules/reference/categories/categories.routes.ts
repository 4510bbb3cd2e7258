import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../../http/resource-routes';
import { createCategoryBody, updateCategoryBody } from './categories.schemas';
import { categoriesService } from './categories.service';

export async function categoriesRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, {
    service: categoriesService,
    createBody: createCategoryBody,
    updateBody: updateCategoryBody,
    label: 'catégories',
  });
}
