export type FakeHandler = (request: { url: URL; method: string; body: unknown }) => { status?: number; body: unknown; headers?: Record<string, string> };

/**
 * A fake /api/v2 behind `fetch`: handlers keyed "METHOD path" (path without the
 * prefix or query); every call is recorded with its decoded query and JSON body.
 */
export function fakeApi(handlers: Record<string, FakeHandler>) {
  const calls: Array<{ method: string; path: string; url: URL; body: unknown }> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v2\//, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, url, body });
    const handler = handlers[`${method} ${path}`];
    if (!handler) return new Response(JSON.stringify({ success: false, message: `Pas de réponse prévue pour ${method} ${path}` }), { status: 404 });
    const answer = handler({ url, method, body });
    const status = answer.status ?? 200;
    const envelope = status >= 400 ? answer.body : { success: true, ...(answer.body as object) };
    return new Response(JSON.stringify(envelope), { status, headers: { 'Content-Type': 'application/json', ...answer.headers } });
  };
  return { fetch, calls };
}
