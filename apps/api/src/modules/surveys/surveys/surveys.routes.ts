import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { steps } from '../../../db/schema';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId, registerResourceRoutes } from '../../../http/resource-routes';
import type { Config } from '../../../config';
import { requirePermission } from '../../tenancy/companies/tenancy';
import { publicRateLimit } from '../../collection/public/public-rate-limit';
import { copySurveyAsTemplate, createSurveyFromTemplate } from '../templates/template-usage.service';
import { listAvailableTemplates } from '../templates/templates.service';
import { assertConditionOrder } from './condition-order';
import { applyOrder } from './positions';
import { findEditableSurvey } from './survey-guards';
import {
  closeSurvey,
  publishSurvey,
  rejectSurvey,
  setSurveyActive,
  setSurveyAvailability,
  submitSurvey,
} from './survey-lifecycle.service';
import { getParticipationDefinition } from './survey-participation';
import { participationDefinitionSchema } from './participation-definition.schema';
import { okListSchema, okSchema, resourceRowSchema } from '../../../http/response-schemas';
import { templateQueryDef } from './surveys.query';
import { getSurveyPolicy, setSurveyPolicy } from './survey-policies';
import { getSurvey, surveysService } from './surveys.service';
import {
  activeSurveyBody,
  availabilityBody,
  copySurveyBody,
  createSurveyBody,
  fromTemplateBody,
  rejectSurveyBody,
  reorderStepsBody,
  surveyPolicyBody,
  updateSurveyBody,
} from './surveys.schemas';
import { eq } from 'drizzle-orm';
import { idParams } from '@app/contracts';
import { PUBLIC_ROUTE } from '../../../http/route-access';


/** A survey named by its public code, or by its id for the company's agents. */
const surveyRefParams = z.object({ id: z.string().trim().min(1, 'Formulaire introuvable.').max(40, 'Formulaire introuvable.') });
const tags = ['surveys'];
const searchBody = z.looseObject({ input: z.string().max(200).optional() });
/** A survey as its regular routes give it (the lifecycle actions answer the survey after the change). */
const surveyRow = okSchema(resourceRowSchema(surveysService.def, surveysService.extraFields));
/** A template offered to create a survey from, and whether its premium price locks it for this company. */
const availableTemplate = resourceRowSchema(templateQueryDef, { premium_locked: z.boolean() });
const surveyPolicy = okSchema(z.object({ publication_requires_approval: z.boolean() }));

/** Surveys: the regular pattern, the lifecycle, templates in and out, and the respondent's definition. */
export async function surveysRoutes(parent: FastifyInstance, options: { config: Config }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  registerResourceRoutes(app, { service: surveysService, createBody: createSurveyBody, updateBody: updateSurveyBody, label: 'formulaires' });

  app.get('/surveys/type/template', { schema: { tags, summary: 'Modèles disponibles pour créer un formulaire', response: { 200: okListSchema(availableTemplate) } } }, async (request) => {
    const { rows, meta } = await listAvailableTemplates(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.post('/surveys/type/template/search', { schema: { tags, summary: 'Recherche : modèles disponibles', body: searchBody, response: { 200: okListSchema(availableTemplate) } } }, async (request) => {
    const { rows, meta } = await listAvailableTemplates(contextOf(request), request.body);
    return okList(rows, meta);
  });

  app.get('/surveys/policy', { schema: { tags, summary: "Règles des formulaires de l'entreprise active", response: { 200: surveyPolicy } } }, async (request) =>
    ok(await getSurveyPolicy(contextOf(request))),
  );
  app.post('/surveys/policy', { schema: { tags, summary: "Modifier les règles des formulaires de l'entreprise", body: surveyPolicyBody, response: { 200: surveyPolicy } } }, async (request) =>
    ok(await setSurveyPolicy(contextOf(request), request.body)),
  );

  const action = (path: string, summary: string) => ({ path: `/surveys/:id/${path}`, schema: { tags, summary, params: idParams, response: { 200: surveyRow } } });

  let route = action('submit', 'Soumettre pour publication');
  app.post(route.path, { schema: route.schema }, async (request) => ok(await submitSurvey(contextOf(request), parseId(request.params.id))));
  route = action('publish', 'Publier');
  app.post(route.path, { schema: route.schema }, async (request) => ok(await publishSurvey(contextOf(request), parseId(request.params.id))));
  route = action('reject', 'Rejeter');
  app.post(route.path, { schema: { ...route.schema, body: rejectSurveyBody } }, async (request) =>
    ok(await rejectSurvey(contextOf(request), parseId(request.params.id), request.body?.comment)),
  );
  route = action('close', 'Clôturer');
  app.post(route.path, { schema: route.schema }, async (request) => ok(await closeSurvey(contextOf(request), parseId(request.params.id))));
  route = action('active', 'Activer ou désactiver');
  app.post(route.path, { schema: { ...route.schema, body: activeSurveyBody } }, async (request) =>
    ok(await setSurveyActive(contextOf(request), parseId(request.params.id), request.body?.active)),
  );
  route = action('changeavailability', 'Changer la disponibilité');
  app.post(route.path, { schema: { ...route.schema, body: availabilityBody } }, async (request) =>
    ok(await setSurveyAvailability(contextOf(request), parseId(request.params.id), request.body?.availability)),
  );
  route = action('copy', 'Enregistrer comme modèle');
  app.post(route.path, { schema: { tags, summary: route.schema.summary, params: idParams, body: copySurveyBody, response: { 201: okSchema(resourceRowSchema(templateQueryDef)) } } }, async (request, reply) =>
    reply.status(201).send(ok(await copySurveyAsTemplate(contextOf(request), parseId(request.params.id), request.body))),
  );
  route = action('createfromtemplate', 'Créer un formulaire à partir de ce modèle');
  app.post(route.path, { schema: { tags, summary: route.schema.summary, params: idParams, body: fromTemplateBody, response: { 201: surveyRow } } }, async (request, reply) =>
    reply.status(201).send(ok(await createSurveyFromTemplate(contextOf(request), parseId(request.params.id), request.body))),
  );
  route = action('reorder', 'Réordonner les étapes');
  app.post(route.path, { schema: { ...route.schema, body: reorderStepsBody } }, async (request) => {
    const ctx = contextOf(request);
    requirePermission(ctx, 'steps.update');
    const survey = await findEditableSurvey(ctx, parseId(request.params.id));
    const ids = request.body.step_ids;
    const positions = new Map(ids.map((id, index) => [id, index]));
    await applyOrder(ctx, steps, eq(steps.survey_id, survey.id), ids, 'step_ids', () =>
      assertConditionOrder(ctx, survey.id, { stepPositions: positions }, 'step_ids'),
    );
    return ok(await getSurvey(ctx, survey.id, { includes: ['steps'] }));
  });

  // {id} is the survey's public code (or its id, for the company's agents), so not the
  // shared id schema; anonymous unless
  // the survey requires signing in. A lookup by public code: limited like public/getobject.
  app.get(
    '/surveys/:id/participate',
    {
      schema: { tags, summary: 'Définition complète pour répondre (formulaire ouvert aux réponses)', params: surveyRefParams, response: { 200: okSchema(participationDefinitionSchema) } },
      config: { ...publicRateLimit(options.config), ...PUBLIC_ROUTE },
    },
    async (request) => {
      const definition = await getParticipationDefinition(contextOf(request), request.params.id);
      // The kept structure is a readonly array (shared, frozen); the answer takes a copy of its list.
      return ok({ ...definition, steps: [...definition.steps] });
    },
  );
}
