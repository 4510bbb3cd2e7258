import { idParams, pathId } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { registerResourceRoutes } from '../../../http/resource-routes';
import { okListSchema, okNullSchema, okSchema } from '../../../http/response-schemas';
import { ADMIN_ROUTE } from '../../../http/route-access';
import { categoryFeatureRowSchema, categoryFeatureSchema, categoryFiledSchema, categoryNodeSchema, categoryObjectRowSchema } from '../reference.responses';
import {
  CATEGORY_TYPES,
  categoryFeatureBody,
  createCategoryBody,
  fileUnderCategoryBody,
  reorderCategoriesBody,
  updateCategoryBody,
} from './categories.schemas';
import { categoriesService } from './categories.service';
import { categoryFeature, categoryFeatures, giveCategoryFeature, withdrawCategoryFeature } from './category-features.service';
import { categoryTree, fileUnderCategory, listCategoryObjects, reorderCategories, unfileFromCategory } from './category-tree.service';

const tags = ['categories'];
const typeParams = z.object({ type: z.enum(CATEGORY_TYPES, { error: 'Type de catégorie inconnu.' }) });
const treeQuery = z.object({ active: z.enum(['true', 'false'], { error: 'active vaut true ou false.' }).optional() });
const objectsQuery = z.object({
  q: z.string().trim().max(100, 'La recherche fait 100 caractères au plus.').optional(),
  scope: z.enum(['filed', 'candidates'], { error: 'scope vaut filed ou candidates.' }).default('filed'),
  page: z.coerce.number({ error: 'La page doit être un nombre.' }).int('La page doit être un nombre entier.').min(1, 'La page commence à 1.').max(100000, 'La page est trop grande.').default(1),
  limit: z.coerce.number({ error: 'La limite doit être un nombre.' }).int('La limite doit être un nombre entier.').min(1, 'La limite est d’au moins 1.').max(100, 'La limite est de 100 au plus.').default(20),
});
const objectParams = z.object({ id: pathId, object: pathId });
const featureParams = z.object({ id: pathId, feature: pathId });
const tree = { 200: okSchema(z.array(categoryNodeSchema)) };
const deleted = { 200: okNullSchema };
const feature = { 200: okSchema(categoryFeatureSchema) };

/** Categories: the resource routes, the tree of each kind, reorder, the records filed and a company category's features. */
export async function categoriesRoutes(parent: FastifyInstance) {
  registerResourceRoutes(parent, {
    service: categoriesService,
    createBody: createCategoryBody,
    updateBody: updateCategoryBody,
    label: 'catégories',
    skip: ['delete'],
  });
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.delete('/categories/:id', { schema: { tags, summary: "Suppression d'une catégorie vide (409 si elle a des sous-catégories ou des éléments)", params: idParams, response: deleted }, config: ADMIN_ROUTE }, async (request) => {
    await categoriesService.remove(contextOf(request), request.params.id);
    return ok(null);
  });
  app.get('/categories/tree/:type', { schema: { tags, summary: "L'arbre des catégories d'un type", params: typeParams, querystring: treeQuery, response: tree } }, async (request) =>
    ok(await categoryTree(contextOf(request), request.params.type, request.query.active === 'true')),
  );
  app.post('/categories/reorder', { schema: { tags, summary: "Réordonner les sous-catégories d'un parent (admin)", body: reorderCategoriesBody, response: tree }, config: ADMIN_ROUTE }, async (request) =>
    ok(await reorderCategories(contextOf(request), request.body)),
  );
  app.get('/categories/:id/objects', { schema: { tags, summary: "Les éléments rangés dans une catégorie (admin)", params: idParams, querystring: objectsQuery, response: { 200: okListSchema(categoryObjectRowSchema) } }, config: ADMIN_ROUTE }, async (request) => {
    const { rows, meta } = await listCategoryObjects(contextOf(request), request.params.id, request.query);
    return okList(rows, meta);
  });
  app.post('/categories/:id/objects', { schema: { tags, summary: 'Ranger des éléments dans une catégorie (admin)', params: idParams, body: fileUnderCategoryBody, response: { 200: okSchema(categoryFiledSchema) } }, config: ADMIN_ROUTE }, async (request) =>
    ok(await fileUnderCategory(contextOf(request), request.params.id, request.body.ids)),
  );
  app.delete('/categories/:id/objects/:object', { schema: { tags, summary: "Retirer un élément d'une catégorie (admin)", params: objectParams, response: deleted }, config: ADMIN_ROUTE }, async (request) => {
    await unfileFromCategory(contextOf(request), request.params.id, request.params.object);
    return ok(null);
  });
  app.get('/categories/:id/features', { schema: { tags, summary: "Les fonctionnalités données par une catégorie d'entreprises (admin)", params: idParams, response: { 200: okSchema(z.array(categoryFeatureRowSchema)) } }, config: ADMIN_ROUTE }, async (request) =>
    ok(await categoryFeatures(contextOf(request), request.params.id)),
  );
  app.get('/categories/:id/features/:feature', { schema: { tags, summary: "Une fonctionnalité d'une catégorie d'entreprises (admin)", params: featureParams, response: feature }, config: ADMIN_ROUTE }, async (request) =>
    ok(await categoryFeature(contextOf(request), request.params.id, request.params.feature)),
  );
  app.put('/categories/:id/features/:feature', { schema: { tags, summary: "Donner une fonctionnalité par défaut aux entreprises d'une catégorie (admin)", params: featureParams, body: categoryFeatureBody, response: feature }, config: ADMIN_ROUTE }, async (request) =>
    ok(await giveCategoryFeature(contextOf(request), request.params.id, request.params.feature, request.body.limit_value)),
  );
  app.delete('/categories/:id/features/:feature', { schema: { tags, summary: "Retirer une fonctionnalité par défaut d'une catégorie (admin)", params: featureParams, response: deleted }, config: ADMIN_ROUTE }, async (request) => {
    await withdrawCategoryFeature(contextOf(request), request.params.id, request.params.feature);
    return ok(null);
  });
}
