import { AppError } from './errors';

/**
 * Errors that say the service cannot work right now, not that the request or the code is
 * wrong: the database unreachable or going away (503, with Retry-After, so clients and
 * their outboxes retry), a disk full (507: the client's data is fine, the server's storage
 * is not). Told apart here, in one place, so that the error handler never answers 500 for
 * an outage (measured by the fault suite, docs/RELIABILITY.md).
 */

/** Seconds a client should wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_S = 5;

/** Node's codes for a full file system or an exhausted quota. */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** Node's codes for a peer that cannot be reached or dropped the connection. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * PostgreSQL's SQLSTATEs for a server that is away or cannot take the statement now:
 * class 08 (connection exception), 57P01-57P03 (shutting down, crashed, starting up),
 * 53200 and 53300 (out of memory, too many connections). A statement timeout (57014) is
 * db-errors.ts's.
 */
function isDatabaseUnavailableState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53200' || code === '53300';
}

/** PostgreSQL's SQLSTATE for "could not extend file: No space left on device". */
const DISK_FULL_STATE = '53100';

/**
 * node-postgres and its pool say that a connection went away with plain messages and no
 * code (pg/lib/client.js, pg-pool/index.js).
 */
const CONNECTION_LOST_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client was closed',
  'Cannot use a pool after calling end on the pool',
];

interface ErrorLike {
  code?: unknown;
  syscall?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The error and those it wraps (drizzle's query error, an AggregateError of connect attempts). */
function chainOf(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  const queue: unknown[] = [error];
  while (queue.length > 0 && chain.length < 8) {
    const e = queue.shift();
    if (!e || typeof e !== 'object') continue;
    const like = e as ErrorLike;
    chain.push(like);
    queue.push(like.cause);
    if (Array.isArray(like.errors)) queue.push(...like.errors);
  }
  return chain;
}

export type OutageKind = 'database_unavailable' | 'storage_full';

/** What kind of outage `error` reports, or null when it is none. */
export function outageOf(error: unknown): OutageKind | null {
  const chain = chainOf(error);
  for (const e of chain) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (STORAGE_FULL_CODES.has(code) || code === DISK_FULL_STATE) return 'storage_full';
  }
  for (const e of chain) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (/^[0-9A-Z]{5}$/.test(code) && isDatabaseUnavailableState(code)) return 'database_unavailable';
    if (CONNECTION_CODES.has(code)) return 'database_unavailable';
    // A Unix socket that is not there (the embedded server stopped): ENOENT on connect only.
    if (code === 'ENOENT' && e.syscall === 'connect') return 'database_unavailable';
    const message = typeof e.message === 'string' ? e.message : '';
    if (!code && CONNECTION_LOST_MESSAGES.some((m) => message.includes(m))) return 'database_unavailable';
  }
  return null;
}

/**
 * The AppError an outage answers (the message is left empty: the handler writes the status
 * message in the caller's language), or null when `error` is no outage.
 */
export function translateOutage(error: unknown): AppError | null {
  if (error instanceof AppError) return null;
  switch (outageOf(error)) {
    case 'database_unavailable':
      return Object.assign(new AppError(503, 'service_unavailable', '', undefined, { 'retry-after': String(DATABASE_RETRY_AFTER_S) }), { cause: error });
    case 'storage_full':
      return Object.assign(new AppError(507, 'insufficient_storage'), { cause: error });
    default:
      return null;
  }
}
