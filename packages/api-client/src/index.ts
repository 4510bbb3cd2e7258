import { encodeQuery, type QueryObject } from '@app/contracts';
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, operations, paths } from './schema';

/**
 * The typed client of the API, from its OpenAPI document (`npm run api:client` writes
 * `schema.ts` from GET /api/docs/json with openapi-typescript; openapi-fetch calls it). Paths,
 * parameters, bodies and each status's answer are typed by the document, so a call the
 * server no longer accepts fails to compile. See docs/API.md "A typed client".
 */
export interface ApiClientOptions extends Omit<ClientOptions, 'querySerializer'> {
  /** Server origin, e.g. `https://enquetes.example.cm` (the client adds /api/v2). */
  baseUrl: string;
  /** Access token of POST auth/login (`data.token`). */
  token?: string;
  /** The token's user (`userID` header). */
  userId?: number;
  /** The active agent, which selects the company (`Agent-id` header). */
  agentId?: number;
}

export type ApiClient = Client<paths>;

/**
 * A client whose list calls take the query object of API.md (`filter_groups`, `sort`…):
 * query parameters are written in the bracket form the server reads with qs.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, token, userId, agentId, headers, ...rest } = options;
  const auth: Record<string, string> = {};
  if (token) auth.Authorization = `Bearer ${token}`;
  if (userId !== undefined) auth.userID = String(userId);
  if (agentId !== undefined) auth['Agent-id'] = String(agentId);
  return createClient<paths>({
    ...rest,
    baseUrl: baseUrl.replace(/\/$/, ''),
    headers: { ...auth, ...(headers as Record<string, string> | undefined) },
    querySerializer: (query) => encodeQuery(query as QueryObject),
  });
}
