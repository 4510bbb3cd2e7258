import { DEMO_PASSWORD } from './signed-in-chromium.mjs';

/**
 * The demo company's public survey the answering-page figures measure (answer-page-figures.mjs,
 * answer-page-offline-figures.mjs), found through the API as its owner would.
 */
const DEMO_LOGIN = { login: 'agent@demo.cm', password: DEMO_PASSWORD };

export async function api(baseURL, route, { token, userId, agentId, body } = {}) {
  const headers = { Accept: 'application/json' };
  if (body) headers['Content-Type'] = 'application/json';
  if (token) Object.assign(headers, { Authorization: `Bearer ${token}`, userID: String(userId), 'Agent-id': String(agentId) });
  const response = await fetch(`${baseURL}/api/v2/${route}`, { method: body ? 'POST' : 'GET', headers, body: body ? JSON.stringify(body) : undefined });
  const payload = await response.json();
  if (!response.ok || !payload.success) throw new Error(`${route}: ${response.status} ${payload.message ?? ''}`);
  return payload.data;
}

/**
 * The public code of a published survey of the demo company, as its owner finds it: signed
 * in, the company's surveys, the first one anybody may answer (published, active,
 * available, no sign-in, no target to pick), the one with the most questions first, so the
 * page measured is a full one. Then checked from outside, without a session.
 */
export async function findPublicSurvey(baseURL) {
  const login = await api(baseURL, 'auth/login', { body: { ...DEMO_LOGIN, device: { ref: `answer-figures-${Date.now()}` } } });
  const session = { token: login.token, userId: login.user.id, agentId: login.user.agents[0]?.id };
  const surveys = await api(baseURL, 'surveys?limit=100', session);
  const open = surveys.filter((s) => s.status === 'published' && s.active !== false && s.availability !== 'unavailable' && !s.target_kind && !s.requires_auth && s.code);
  if (open.length === 0) throw new Error('no published public survey in the demo data');
  const withSize = await Promise.all(
    open.map(async (s) => {
      const definition = await api(baseURL, `surveys/${encodeURIComponent(s.code)}/participate`).catch(() => null);
      return { code: s.code, title: s.title, questions: definition ? definition.steps.reduce((n, st) => n + st.questions.length, 0) : -1 };
    }),
  );
  const best = withSize.filter((s) => s.questions > 0).sort((a, b) => b.questions - a.questions)[0];
  if (!best) throw new Error('no published survey answerable without a session');
  return best;
}
