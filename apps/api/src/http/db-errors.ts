import { dbErrorText } from './db-errors.texts';
import { AppError, localizedError } from './errors';
import { DATABASE_RETRY_AFTER_S } from './outage-errors';

/** The PostgreSQL error under a driver or drizzle wrapper, if any. */
function pgErrorOf(error: unknown): { code?: string; constraint?: string } | undefined {
  let e: any = error;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    e = e.cause;
  }
  return undefined;
}

/**
 * PostgreSQL errors that only bad input causes: a text where a number or a date was
 * expected (22P02, 22007, 22008), a number out of its column's range (22003), a text
 * too long (22001), a NUL or an unstorable character (22P05, 22021). Validation should
 * stop each before the database; this is the safety net, never a 500.
 */
const INPUT_ERROR_CODES = new Set(['22P02', '22003', '22001', '22007', '22008', '22P05', '22021']);

/**
 * Turns constraint violations into the API's statuses so a duplicate code or a row
 * still in use reads as a clear 409, and a value the database cannot hold as a 422,
 * not a 500; the error handler writes their message in the request's language.
 */
export function translateDbError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const pgError = pgErrorOf(error);
  if (pgError?.code && INPUT_ERROR_CODES.has(pgError.code)) {
    // The cause is kept for the log: such an error means a schema lets a bad value through.
    return Object.assign(localizedError(422, 'invalid_value', (locale) => dbErrorText(locale, 'invalidValue')), { cause: error });
  }
  switch (pgError?.code) {
    case '23505':
      return localizedError(409, 'duplicate', (locale) => dbErrorText(locale, 'duplicate'));
    case '23503':
    case '23001':
      return localizedError(409, 'still_referenced', (locale) => dbErrorText(locale, 'stillReferenced'));
    case '57014':
      return new AppError(503, 'statement_timeout', '', undefined, { 'retry-after': String(DATABASE_RETRY_AFTER_S) });
    default:
      return error;
  }
}

/** Runs a write and rethrows database constraint errors as AppErrors. */
export async function withDbErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translateDbError(error);
  }
}
