import type { Page } from 'playwright-core';

/** Helpers shared by the auth-* journeys: direct API calls, the dev outbox, UI sign-in. */

export const DEMO_PASSWORD = 'Demo2026!';

export interface ApiSession {
  token: string;
  userId: number;
  agentId?: number | null;
}

export interface LoginAnswer {
  token: string;
  refresh_token: string;
  user: { id: number; type: string; agents: Array<{ id: number; company_id: number }> };
}

export async function callApi<T>(
  baseURL: string,
  path: string,
  init: { method?: string; body?: unknown; session?: ApiSession } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.session) {
    headers.Authorization = `Bearer ${init.session.token}`;
    headers.userID = String(init.session.userId);
    if (init.session.agentId) headers['Agent-id'] = String(init.session.agentId);
  }
  const response = await fetch(`${baseURL}/api/v2/${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const payload = (await response.json()) as { success: boolean; data: T; message?: string };
  if (!response.ok || !payload.success) throw new Error(`${path}: ${response.status} ${payload.message ?? ''}`);
  return payload.data;
}

/** Signs in through the API (another person, acting outside the browser). */
export async function signInApi(baseURL: string, login: string, password = DEMO_PASSWORD): Promise<ApiSession & { answer: LoginAnswer }> {
  const answer = await callApi<LoginAnswer>(baseURL, 'auth/login', {
    body: { login, password, device: { ref: `journey-${login}-${Date.now()}` } },
  });
  return { token: answer.token, userId: answer.user.id, agentId: answer.user.agents[0]?.id ?? null, answer };
}

/**
 * The newest 6-digit code sent to `destination`, read from GET dev/outbox. Polls for a
 * while: the click that asks for the code may not have reached the server yet.
 */
export async function readOutboxCode(baseURL: string, destination: string, timeoutMs = 15_000): Promise<string> {
  const query = new URLSearchParams({ destination, limit: '5' });
  const deadline = Date.now() + timeoutMs;
  do {
    const messages = await callApi<Array<{ body: string; subject: string }>>(baseURL, `dev/outbox?${query.toString()}`);
    for (const message of messages) {
      const code = /\b(\d{6})\b/.exec(message.body)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  } while (Date.now() < deadline);
  throw new Error(`no code in the outbox for ${destination}`);
}

/** A fresh, validated customer account (sign-up + code through the API). */
export async function createCustomer(baseURL: string, name: string): Promise<{ email: string; password: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@exemple.cm`;
  const password = 'Parcours2026!';
  await callApi(baseURL, 'auth/register', { body: { name, email, password, password_confirmation: password } });
  await callApi(baseURL, 'auth/validate-account', { body: { email, code: await readOutboxCode(baseURL, email) } });
  return { email, password };
}

/** A form label, with or without the required mark Mantine appends (" *"). */
export function field(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}

const SESSION_PATH = /^\/([a-z0-9]{6})\//;

/** Signs in on the login page shown in `page`; resolves the session id of the new path. */
export async function signInUi(page: Page, login: string, password = DEMO_PASSWORD): Promise<string> {
  const form = page.getByTestId('login-form');
  await form.waitFor();
  await form.getByLabel(field('Identifiant')).fill(login);
  await form.getByLabel(field('Mot de passe')).fill(password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => SESSION_PATH.test(url.pathname));
  return sessionIdOf(page);
}

export function sessionIdOf(page: Page): string {
  const match = SESSION_PATH.exec(new URL(page.url()).pathname);
  if (!match) throw new Error(`no session id in ${page.url()}`);
  return match[1];
}

/** Keys of the accounts stored in the page's origin. */
export function storedAccountKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('account.')).sort());
}
