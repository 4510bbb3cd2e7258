import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, validationFailed } from './errors';

/**
 * Input no route can store, refused once for every route before any schema or handler
 * sees it (ARCHITECTURE.md, "Bad input").
 *
 * A NUL character (`\u0000`) is valid JSON and valid percent-encoding, but PostgreSQL
 * refuses it in `text` and `jsonb` values, so without this check it travels to the first
 * INSERT or WHERE and fails there as a 500. No field of the product has a use for it.
 * Likewise a value nested deeper than any form of the product is refused (422).
 */

export const NUL_MESSAGE = 'Le caractère nul (\\u0000) n’est pas accepté.';
export const CONTROL_MESSAGE = 'Les caractères de contrôle (hors tabulation et retour à la ligne) ne sont pas acceptés.';

/**
 * The other control characters (C0 but tab, line feed and carriage return; DEL; C1): no
 * name, text or code of the product holds one, and they corrupt what shows them (a name
 * in a list, a CSV or PDF export, a notification). Refused like the NUL, everywhere.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
export const DEPTH_MESSAGE = 'Les données sont trop imbriquées (32 niveaux au plus).';

/**
 * Deepest nesting of objects and arrays accepted in a body or query (the product's
 * deepest, a query object with wherehas, needs about ten). Deeper values would overflow
 * the stack of recursive readers such as JSON.stringify when stored as jsonb.
 */
export const MAX_INPUT_DEPTH = 32;
/** Values scanned per request at most: a body is bounded by BODY_LIMIT_BYTES anyway. */
const MAX_NODES = 200_000;

export interface InputProblem {
  /** Dotted path of the field, '' for the value itself. */
  path: string;
  message: string;
}

/**
 * The first string or key holding a NUL, or the first value nested too deep, in `value`;
 * null when there is none. Iterative (a body may nest thousands of levels deep) and bounded.
 */
export function findInputProblem(value: unknown): InputProblem | null {
  const stack: [unknown, string, number][] = [[value, '', 0]];
  let seen = 0;
  while (stack.length > 0 && seen++ < MAX_NODES) {
    const [current, path, depth] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { path, message: NUL_MESSAGE };
      if (CONTROL.test(current)) return { path, message: CONTROL_MESSAGE };
    } else if (current !== null && typeof current === 'object') {
      if (depth >= MAX_INPUT_DEPTH) return { path, message: DEPTH_MESSAGE };
      for (const [key, child] of Object.entries(current)) {
        if (key.includes('\u0000')) return { path, message: NUL_MESSAGE };
        if (CONTROL.test(key)) return { path, message: CONTROL_MESSAGE };
        stack.push([child, path ? `${path}.${key}` : key, depth + 1]);
      }
    }
  }
  return null;
}

function refuse(problem: InputProblem | null, part: string): void {
  if (problem) throw validationFailed({ [problem.path || part]: [problem.message] });
}

/** The multipart field names and values read by a route, checked like JSON fields. */
export function assertNoNulInFields(fields: Record<string, string>): void {
  refuse(findInputProblem(fields), 'form');
}

/** Registers the checks on the root instance, before any route. */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuse(findInputProblem(request.params), 'params');
    refuse(findInputProblem(request.query), 'query');
    refuse(findInputProblem(request.body), 'body');
  });
}

/**
 * Errors of the multipart reader (@fastify/busboy) on a body cut short or malformed: a
 * dropped upload on a poor mobile connection ends exactly like this. They carry no
 * status, so they are recognised here and answered 400, whatever route read the form.
 */
const MULTIPART_READ_ERRORS = /^(Unexpected end of multipart data|Multipart: Boundary not found|\w+ terminated early due to unexpected end of multipart data)$/;

export const MULTIPART_MESSAGE = 'Le formulaire envoyé est incomplet ou mal formé (envoi interrompu ?). Réessayez l’envoi.';

export function multipartReadError(error: unknown, request: FastifyRequest): AppError | null {
  if (error instanceof AppError || !(error instanceof Error) || (error as { statusCode?: number }).statusCode) return null;
  if (!request.isMultipart?.() || !MULTIPART_READ_ERRORS.test(error.message)) return null;
  return new AppError(400, 'malformed_multipart', MULTIPART_MESSAGE);
}
