import { AppError, conflict } from './errors';

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
 * Turns constraint violations into the API's statuses so a duplicate code or a row
 * still in use reads as a clear 409, not a 500.
 */
export function translateDbError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const pgError = pgErrorOf(error);
  switch (pgError?.code) {
    case '23505':
      return conflict('Un enregistrement avec ces valeurs existe déjà.', 'duplicate');
    case '23503':
    case '23001':
      return conflict(
        "Cet enregistrement est lié à d'autres données : modifiez ou supprimez-les d'abord.",
        'still_referenced',
      );
    case '57014':
      return new AppError(503, 'statement_timeout');
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
