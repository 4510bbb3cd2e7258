import { createApiClient } from './index';

/**
 * docs/API.md "A typed client": how an integrator signs in and reads a list with the
 * generated client. Compiled with the rest (npm run typecheck) and run against a real server
 * by apps/api/src/http/api-client.test.ts, so the example in the docs cannot drift.
 */
export async function firstSites(baseUrl: string, login: string, password: string): Promise<string[]> {
  // Sign in: the body and the answer are typed from the document.
  const anonymous = createApiClient({ baseUrl });
  const signIn = await anonymous.POST('/api/v2/auth/login', { body: { login, password, device: { ref: 'integration-1' } } });
  if (!signIn.data) throw new Error(signIn.error?.message ?? 'sign-in refused');
  const { token, user } = signIn.data.data;
  const agent = user.agents[0]; // the membership that selects the company

  // A list with the query object of API.md (filters, sort, paging).
  const client = createApiClient({ baseUrl, token, userId: user.id, agentId: agent?.id });
  const sites = await client.GET('/api/v2/sites', {
    params: { query: { filter_groups: [{ filters: [{ key: 'status', operator: 'eq', value: 'active' }] }], sort: [{ key: 'name' }], limit: 10 } },
  });
  if (!sites.data) throw new Error(sites.error?.message ?? 'list refused');
  return sites.data.data.map((site) => site.name ?? '');
}
