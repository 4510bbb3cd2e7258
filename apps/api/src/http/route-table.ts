import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * The methods each path of the server answers, to tell a wrong method (405 with `Allow`)
 * from an unknown path (404) when the router finds nothing (API.md "Bad input").
 * Consulted only on that path, so a plain list of patterns is enough.
 */

/** Longest path parameter the router reads (find-my-way's default): longer names nothing. */
export const MAX_PATH_PARAM_LENGTH = 100;

interface Pattern {
  regex: RegExp;
  methods: Set<string>;
}

/** `/surveys/:id/qrcode.png` or `/images/*` as a regular expression over a request path. */
function patternOf(url: string): RegExp {
  let source = '';
  for (let i = 0; i < url.length; i++) {
    const char = url[i];
    if (char === ':' && url[i + 1] !== ':') {
      // A parameter: its name, then an optional (regex) that the router checks itself.
      let j = i + 1;
      while (j < url.length && /[A-Za-z0-9_]/.test(url[j])) j++;
      if (url[j] === '(') {
        let depth = 0;
        for (; j < url.length; j++) {
          if (url[j] === '(') depth++;
          else if (url[j] === ')' && --depth === 0) break;
        }
        j++;
      }
      source += '[^/]+?';
      i = j - 1;
    } else if (char === ':') {
      source += ':';
      i++;
    } else if (char === '*') {
      source += '.*';
    } else {
      source += char.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}/?$`);
}

export class RouteTable {
  private readonly patterns = new Map<string, Pattern>();

  add(url: string, method: string | string[]): void {
    let pattern = this.patterns.get(url);
    if (!pattern) {
      pattern = { regex: patternOf(url), methods: new Set() };
      this.patterns.set(url, pattern);
    }
    for (const m of Array.isArray(method) ? method : [method]) pattern.methods.add(m.toUpperCase());
  }

  /** Every method some route answers on this path (HEAD with GET), sorted. */
  methodsOf(rawUrl: string): string[] {
    let path = rawUrl.split('?')[0];
    try {
      path = decodeURI(path);
    } catch {
      return [];
    }
    const methods = new Set<string>();
    for (const { regex, methods: own } of this.patterns.values()) {
      if (regex.test(path)) for (const m of own) methods.add(m);
    }
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  }
}

/** Records every route declared on `app` from now on (call it before any route). */
export function registerRouteTable(app: FastifyInstance): RouteTable {
  const table = new RouteTable();
  app.addHook('onRoute', (route: RouteOptions) => table.add(route.url, route.method));
  return table;
}
