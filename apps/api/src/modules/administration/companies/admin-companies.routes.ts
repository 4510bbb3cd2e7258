import {
  ADMIN_COMPANY_CHILDREN,
  adminChangePackageBody,
  adminGrantFeatureBody,
  adminChildQuery,
  adminCompaniesQuery,
  adminCompanyProfileBody,
  adminSuspendBody,
  adminTransferOwnerBody,
  idParams,
  pathId,
  SURVEY_TARGET_KINDS,
} from '@app/contracts';
import { adminCompanyFeatureSchema, companyFeatureParams } from '@app/contracts/admin-company-features';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { adminOnlyRoutes } from '../../../http/route-access';
import {
  changeCompanyPackage,
  companyDefaultQuestions,
  companiesByOwner,
  correctCompanyProfile,
  getChildForAdmin,
  getCompanyForAdmin,
  grantCompanyFeature,
  listChildForAdmin,
  listCompaniesForAdmin,
  setCompanyStatusForAdmin,
  transferOwnership,
  withdrawCompanyFeature,
} from './admin-companies.service';
import { exportCompaniesXlsx } from './admin-companies.export';
import { okListSchema, okSchema } from '../../../http/response-schemas';
import {
  adminCompanyDetailSchema,
  adminCompanyRowSchema,
  childDetailSchema,
  childRowSchema,
  companiesByOwnerSchema,
  effectiveDefaultQuestionsSchema,
  xlsxResponse,
} from '../administration.responses';

const tags = ['mnt'];
const child = z.enum(ADMIN_COMPANY_CHILDREN, { error: 'Cette liste est inconnue.' });
const childParams = z.object({ id: pathId, child });
const rowParams = z.object({ id: pathId, child, row: pathId });
const questionParams = z.object({ id: pathId, type: z.enum(SURVEY_TARGET_KINDS, { error: 'Ce type de cible est inconnu.' }) });

/** The platform admin's companies (mnt/companies…): lists, drill-down and actions. Admin only. */
export async function adminCompaniesRoutes(parent: FastifyInstance) {
  adminOnlyRoutes(parent);
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/mnt/companies', { schema: { tags, summary: 'Entreprises de la plateforme, avec leurs chiffres', querystring: adminCompaniesQuery, response: { 200: okListSchema(adminCompanyRowSchema) } } }, async (request) => {
    const { rows, meta } = await listCompaniesForAdmin(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.get('/mnt/companies/export/xlsx', { schema: { tags, summary: 'Exporter les entreprises (xlsx)', querystring: adminCompaniesQuery.omit({ page: true, limit: true }), response: { 200: xlsxResponse } } }, async (request, reply) =>
    exportCompaniesXlsx(request, reply, contextOf(request), request.query),
  );
  app.get('/mnt/companies/bycustomer', { schema: { tags, summary: 'Entreprises regroupées par propriétaire', querystring: adminChildQuery.omit({ site_id: true }), response: { 200: okListSchema(companiesByOwnerSchema) } } }, async (request) => {
    const { rows, meta } = await companiesByOwner(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.get('/mnt/companies/:id', { schema: { tags, summary: "Fiche d'une entreprise (admin)", params: idParams, response: { 200: okSchema(adminCompanyDetailSchema) } } }, async (request) =>
    ok(await getCompanyForAdmin(contextOf(request), parseId(request.params.id))),
  );
  app.get('/mnt/companies/:id/questions/:type', { schema: { tags, summary: 'Questions par défaut d’une entreprise pour un type de cible', params: questionParams, querystring: adminChildQuery, response: { 200: okListSchema(childRowSchema) } } }, async (request) => {
    const { rows, meta } = await listChildForAdmin(contextOf(request), request.params.id, 'questions', request.query, request.params.type);
    return okList(rows, meta);
  });
  app.get('/mnt/companies/:id/default-questions/:type', { schema: { tags, summary: 'Ce que démarre un nouveau formulaire de ce type : les questions de l’entreprise, sinon celles de la plateforme', params: questionParams, response: { 200: okSchema(effectiveDefaultQuestionsSchema) } } }, async (request) =>
    ok(await companyDefaultQuestions(contextOf(request), request.params.id, request.params.type)),
  );
  app.get('/mnt/companies/:id/questions/:type/:row', { schema: { tags, summary: 'Une question par défaut (admin)', params: questionParams.extend({ row: pathId }), response: { 200: okSchema(childDetailSchema) } } }, async (request) =>
    ok(await getChildForAdmin(contextOf(request), request.params.id, 'questions', request.params.row)),
  );
  app.get('/mnt/companies/:id/:child', { schema: { tags, summary: "Une liste d'une entreprise (admin)", params: childParams, querystring: adminChildQuery, response: { 200: okListSchema(childRowSchema) } } }, async (request) => {
    const { rows, meta } = await listChildForAdmin(contextOf(request), request.params.id, request.params.child, request.query);
    return okList(rows, meta);
  });
  app.get('/mnt/companies/:id/:child/:row', { schema: { tags, summary: "Un élément d'une entreprise (admin)", params: rowParams, response: { 200: okSchema(childDetailSchema) } } }, async (request) =>
    ok(await getChildForAdmin(contextOf(request), request.params.id, request.params.child, request.params.row)),
  );
  app.post('/mnt/companies/:id/suspend', { schema: { tags, summary: 'Suspendre une entreprise (admin)', params: idParams, body: adminSuspendBody, response: { 200: okSchema(adminCompanyDetailSchema) } } }, async (request) =>
    ok(await setCompanyStatusForAdmin(contextOf(request), parseId(request.params.id), 'suspended', request.body.reason)),
  );
  app.post('/mnt/companies/:id/reactivate', { schema: { tags, summary: 'Réactiver une entreprise (admin)', params: idParams, response: { 200: okSchema(adminCompanyDetailSchema) } } }, async (request) =>
    ok(await setCompanyStatusForAdmin(contextOf(request), parseId(request.params.id), 'active', null)),
  );
  app.post('/mnt/companies/:id/profile', { schema: { tags, summary: "Corriger le profil d'une entreprise (admin)", params: idParams, body: adminCompanyProfileBody, response: { 200: okSchema(adminCompanyDetailSchema) } } }, async (request) =>
    ok(await correctCompanyProfile(contextOf(request), parseId(request.params.id), request.body)),
  );
  app.post('/mnt/companies/:id/owner', { schema: { tags, summary: 'Transférer la propriété (admin)', params: idParams, body: adminTransferOwnerBody, response: { 200: okSchema(adminCompanyDetailSchema) } } }, async (request) =>
    ok(await transferOwnership(contextOf(request), parseId(request.params.id), request.body.agent_id)),
  );
  app.post('/mnt/companies/:id/package', { schema: { tags, summary: "Changer la formule d'une entreprise (admin)", params: idParams, body: adminChangePackageBody, response: { 200: okSchema(adminCompanyDetailSchema) } } }, async (request) =>
    ok(await changeCompanyPackage(contextOf(request), parseId(request.params.id), request.body.package_id)),
  );
  app.post('/mnt/companies/:id/features', { schema: { tags, summary: 'Accorder une fonctionnalité à une entreprise, en plus de sa formule (admin)', params: idParams, body: adminGrantFeatureBody, response: { 200: okSchema(z.array(adminCompanyFeatureSchema)) } } }, async (request) =>
    ok(await grantCompanyFeature(contextOf(request), parseId(request.params.id), request.body)),
  );
  app.delete('/mnt/companies/:id/features/:feature', { schema: { tags, summary: "Retirer une fonctionnalité accordée à l'entreprise (admin)", params: companyFeatureParams, response: { 200: okSchema(z.array(adminCompanyFeatureSchema)) } } }, async (request) =>
    ok(await withdrawCompanyFeature(contextOf(request), parseId(request.params.id), parseId(request.params.feature))),
  );
}
