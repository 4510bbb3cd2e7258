import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PREFIX } from '@app/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { dropUnusedInputSchemas } from './openapi-unused-inputs';
import { QUERY_OBJECT_KEYS } from './query-keys';
import { requiresSignIn } from './route-access';

type JsonSchema = Record<string, any>;

/** A multipart/form-data upload: its file part and the text fields before it. */
export interface UploadForm {
  file: string;
  fields?: Record<string, string>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a multipart form (documented as its request body). */
    upload?: UploadForm;
    /**
     * A public route that still asks some callers to sign in (401: a company's document,
     * a survey that requires a session): documented with 401 like a sign-in call.
     */
    mayAskSignIn?: boolean;
  }
}

/**
 * What the document says of every operation of /api beyond its own schemas, derived here
 * from what the route declares (its access, params, body, query schema), so a route added
 * later is documented alike: the bearer scheme and the `userID`/`Agent-id` headers where a
 * session is needed, the error envelope for each status it can answer, multipart bodies,
 * and the query object of the lists.
 */

const ERROR_ENVELOPE = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { const: false },
    code: { type: 'string', description: 'Code stable de l’erreur (validation_failed, not_found, unknown_key…)' },
    message: { type: 'string', description: 'Message dans la langue de la requête (Accept-Language), français par défaut' },
    data: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'Erreurs par champ (422)' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'Les mêmes erreurs par champ' },
  },
};

const SUCCESS_ENVELOPE = {
  type: 'object',
  required: ['success', 'data'],
  properties: {
    success: { const: true },
    data: { description: 'Le résultat : un objet, une liste ou null' },
    message: { type: 'string' },
    meta: {
      type: 'object',
      description: 'Listes : pagination',
      properties: {
        limit: { type: ['integer', 'null'] },
        page: { type: ['integer', 'null'] },
        start: { type: 'integer' },
        has_more: { type: 'boolean' },
        total: { type: 'integer', description: 'Avec with_total=true' },
      },
    },
  },
};

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'Requête mal formée : JSON illisible, paramètre de requête inconnu, objet de requête invalide',
  '401': 'Non authentifié (jeton absent ou inconnu) ; 498 jeton expiré, 499 session fermée',
  '403': 'Authentifié mais non autorisé (permission, Agent-id ou userID refusé)',
  '404': 'Absent, ou appartenant à une autre entreprise',
  '409': 'Conflit avec l’état des données (transition refusée, clé d’idempotence réutilisée)',
  '405': 'Méthode non acceptée à cette adresse (en-tête Allow)',
  '413': 'Contenu trop volumineux',
  '415': 'Type de contenu non lu par l’opération',
  '422': 'Données invalides : erreurs par champ dans data et errors',
  '429': 'Trop de requêtes : réessayer après Retry-After',
};

const HEADER_PARAMETERS = [
  {
    name: 'userID',
    in: 'header',
    required: false,
    description: 'Identifiant de l’utilisateur du jeton (403 s’il en nomme un autre)',
    schema: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' },
  },
  {
    name: 'Agent-id',
    in: 'header',
    required: false,
    description: 'Agent actif (choisit l’entreprise) : l’un des agents de l’utilisateur, sinon 403',
    schema: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' },
  },
];

/** The query object of the lists (API.md "The query object"), as documented parameters. */
const QUERY_OBJECT_PARAMETERS: Record<(typeof QUERY_OBJECT_KEYS)[number], { description: string; example: unknown; schema: JsonSchema }> = {
  filter_groups: {
    description:
      'Groupes de filtres (ET entre groupes ; OU dans un groupe quand or=true). Encodage qs : filter_groups[0][filters][0][key]=status&filter_groups[0][filters][0][operator]=eq&filter_groups[0][filters][0][value]=draft. Opérateurs : eq, ct, sw, ew, gt, gte, lt, lte, in, bt ; not inverse.',
    example: [{ or: false, filters: [{ key: 'status', operator: 'eq', value: 'draft', not: false }] }],
    schema: { type: 'array', items: { type: 'object' } },
  },
  includes: { description: 'Relations à charger (« rel » ou « rel:ids »), imbriquées par des points', example: ['steps', 'steps.questions'], schema: { type: 'array', items: { type: 'string' } } },
  sort: { description: 'Tri, dans l’ordre : [{ key, direction }] ou « -name »', example: [{ key: 'created_at', direction: 'desc' }], schema: { type: 'array', items: { type: 'object' } } },
  limit: { description: 'Lignes par page (1000 au plus)', example: 20, schema: { type: 'integer', minimum: 1 } },
  page: { description: 'Page, à partir de 0 (exige limit)', example: 0, schema: { type: 'integer', minimum: 0 } },
  start: { description: 'Décalage brut (prime sur page)', example: 40, schema: { type: 'integer', minimum: 0 } },
  select: { description: 'Colonnes à renvoyer (id toujours ajouté)', example: ['id', 'name'], schema: { type: 'array', items: { type: 'string' } } },
  group_by: { description: 'Regroupement : lignes { clés…, count }', example: ['status'], schema: { type: 'array', items: { type: 'string' } } },
  load: { description: 'Premières N lignes liées par parent : [{ relationship, limit, key, direction, filter_groups }]', example: [{ relationship: 'participations', limit: 5 }], schema: { type: 'array', items: { type: 'object' } } },
  wherehas: { description: 'Parents ayant (ou, avec not, n’ayant pas) des lignes liées correspondantes', example: [{ relationship: 'questions', key: 'type', value: 'rating' }], schema: { type: 'array', items: { type: 'object' } } },
  with_total: { description: 'Ajoute meta.total (un COUNT)', example: true, schema: { type: 'boolean' } },
  input: { description: 'Recherche plein texte (sans accents ni casse) sur les champs cherchables', example: 'douala', schema: { type: 'string', maxLength: 200 } },
};

/** Route facts the transform leaves on the operation for `completeDocument` (then removed). */
const FACTS = 'x-route-facts';

interface RouteFacts {
  signedIn: boolean;
  /** A sign-in call (`authOptional`): it reads credentials itself and refuses them with 401. */
  readsCredentials: boolean;
  queryObject: boolean;
  upload?: UploadForm;
}

function isListSummary(summary: unknown): boolean {
  return typeof summary === 'string' && /^(Liste|Recherche)\b/.test(summary);
}

function describeRoute(schema: JsonSchema, route: RouteOptions): JsonSchema {
  const config = route.config as { upload?: UploadForm } | undefined;
  const facts: RouteFacts = {
    signedIn: requiresSignIn(route.config as Record<string, unknown> | undefined),
    readsCredentials: (route.config as { authOptional?: boolean } | undefined)?.authOptional === true || route.config?.mayAskSignIn === true,
    // The lists: the query object is their language (GET), or their body (POST …/search).
    queryObject: route.method === 'GET' && schema.querystring === undefined && isListSummary(schema.summary),
    upload: config?.upload,
  };
  const out: JsonSchema = { ...schema, [FACTS]: facts };
  if (facts.signedIn) out.security = [{ bearer: [] }];
  return out;
}

/** One shared response per error status (`components.responses`), referenced by every operation. */
const errorResponseName = (status: string) => `Error${status}`;

function errorResponse(status: string) {
  return { description: ERROR_RESPONSES[status], content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };
}

/** The statuses an operation can answer with the error envelope, from what it declares. */
function errorStatuses(method: string, op: JsonSchema, facts: RouteFacts): string[] {
  const params: JsonSchema[] = op.parameters ?? [];
  const hasPath = params.some((p) => p.in === 'path');
  const hasInput = op.requestBody !== undefined || params.some((p) => p.in === 'query' || p.in === 'path');
  const writes = method !== 'get';
  const statuses = ['400'];
  if (facts.signedIn) statuses.push('401', '403');
  else if (facts.readsCredentials) statuses.push('401');
  // A write may name a record (a survey to answer, a sign-in provider) that is not there.
  if (hasPath || facts.signedIn || writes) statuses.push('404');
  if (writes && facts.signedIn) statuses.push('409');
  if (op.requestBody) statuses.push('413', '415');
  if (hasInput || writes) statuses.push('422');
  statuses.push('429');
  return statuses;
}

function completeOperation(method: string, op: JsonSchema): void {
  const facts = op[FACTS] as RouteFacts | undefined;
  delete op[FACTS];
  if (!facts) return;
  const parameters: JsonSchema[] = op.parameters ?? [];
  if (facts.signedIn) {
    for (const header of HEADER_PARAMETERS) {
      if (!parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === header.name.toLowerCase())) parameters.push({ ...header });
    }
  }
  if (facts.queryObject) {
    for (const key of QUERY_OBJECT_KEYS) {
      const { description, example, schema } = QUERY_OBJECT_PARAMETERS[key];
      const nested = schema.type === 'array' && schema.items?.type === 'object';
      parameters.push({ name: key, in: 'query', required: false, description, example, schema, ...(nested && { style: 'deepObject', explode: true }) });
    }
  }
  if (parameters.length > 0) op.parameters = parameters;
  if (facts.upload && !op.requestBody) {
    const properties: JsonSchema = {};
    for (const [name, description] of Object.entries(facts.upload.fields ?? {})) properties[name] = { type: 'string', description };
    properties[facts.upload.file] = { type: 'string', contentMediaType: 'application/octet-stream', description: 'Le fichier (dernière partie du formulaire)' };
    op.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', required: [facts.upload.file], properties } } },
    };
  }
  const responses: JsonSchema = op.responses ?? {};
  for (const [status, response] of Object.entries<JsonSchema>(responses)) {
    if (status.startsWith('2') && response.description === 'Default Response') {
      // The route's own schema (its `response`), when it declares one, stays as content.
      responses[status] = { ...response, description: 'Succès : enveloppe { success, data, message, meta }' };
    }
  }
  for (const status of errorStatuses(method, op, facts)) responses[status] ??= { $ref: `#/components/responses/${errorResponseName(status)}` };
  op.responses = responses;
}

/** The finished document: the envelopes as components, each operation completed. */
export function completeDocument(doc: JsonSchema): JsonSchema {
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, ErrorEnvelope: ERROR_ENVELOPE, SuccessEnvelope: SUCCESS_ENVELOPE };
  doc.components.responses = {
    ...doc.components.responses,
    ...Object.fromEntries(Object.keys(ERROR_RESPONSES).map((status) => [errorResponseName(status), errorResponse(status)])),
  };
  for (const item of Object.values<JsonSchema>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<JsonSchema>(item)) {
      if (op && typeof op === 'object' && 'responses' in op) completeOperation(method, op);
    }
  }
  return dropUnusedInputSchemas(doc);
}

/** OpenAPI 3.1 from the zod schemas of every route: /api/docs (UI) and /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'API de la plateforme d’enquêtes et d’évaluations',
        description:
          'API /api/v2. Enveloppe { success, data, message, meta } ; objet de requête « Bruno » sur les listes (filter_groups, includes, sort, limit, page, select, group_by, load, wherehas). Voir docs/API.md.',
        version: '2.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
      // A route without any schema (a test's own) is left as @fastify/swagger writes it.
      if (!input.url.startsWith(`${API_PREFIX}/`) || !input.route || !out.schema) return out;
      return { ...out, schema: describeRoute(out.schema as JsonSchema, input.route as RouteOptions) };
    },
    // A schema registered with an id (`.meta({ id })`, e.g. a recursive tree node) is written once
    // in components.schemas and referred to from the routes (jsonSchemaTransformObject).
    transformObject: (document) => completeDocument(jsonSchemaTransformObject(document as Parameters<typeof jsonSchemaTransformObject>[0]) as unknown as JsonSchema) as never,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
