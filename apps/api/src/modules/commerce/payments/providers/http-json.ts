import { ProviderError } from './provider';

const TIMEOUT_MS = 15_000;

/** One HTTP call to an operator: JSON out and in, a timeout, network failures as retryable ProviderErrors. */
export async function callOperator(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; json: any }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderError(`Opérateur injoignable (${(error as Error).name}).`, true);
  }
  const text = await response.text();
  let json: any = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  return { status: response.status, json };
}

/** Caches an OAuth-style token until shortly before it expires. */
export function tokenCache(fetchToken: () => Promise<{ token: string; expiresInS: number }>) {
  let cached: { token: string; until: number } | null = null;
  let inFlight: Promise<string> | null = null;
  return async (): Promise<string> => {
    if (cached && cached.until > Date.now()) return cached.token;
    inFlight ??= fetchToken()
      .then(({ token, expiresInS }) => {
        cached = { token, until: Date.now() + Math.max(0, expiresInS - 30) * 1000 };
        return token;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
}
