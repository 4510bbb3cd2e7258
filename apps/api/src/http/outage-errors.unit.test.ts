import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { outageOf, translateOutage } from './outage-errors';

/** Errors shaped as node-postgres, pg-pool, drizzle and Node's fs produce them. */
const withCode = (code: string, message = 'x', extra: Record<string, unknown> = {}) => Object.assign(new Error(message), { code, ...extra });
/** drizzle wraps the driver's error: `DrizzleQueryError` with the pg error as its cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('outageOf', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432', { syscall: 'connect' })],
    ['both addresses refused (AggregateError)', Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]), { code: 'ECONNREFUSED' })],
    ['connection reset', withCode('ECONNRESET', 'read ECONNRESET')],
    ['the embedded server’s socket gone', withCode('ENOENT', 'connect ENOENT /tmp/.s.PGSQL.5432', { syscall: 'connect' })],
    ['server shutting down (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['server crashed (57P02)', withCode('57P02', 'terminating connection because of crash of another server process')],
    ['server starting (57P03)', withCode('57P03', 'the database system is starting up')],
    ['connection failure (08006)', withCode('08006')],
    ['too many connections (53300)', withCode('53300')],
    ['pg: connection terminated', new Error('Connection terminated unexpectedly')],
    ['pg-pool: connect timeout', new Error('timeout exceeded when trying to connect')],
    ['pg: a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['drizzle around a shutdown', wrapped(withCode('57P01'))],
    ['drizzle around a refused connection', wrapped(withCode('ECONNREFUSED'))],
  ])('database unavailable: %s', (_name, error) => {
    expect(outageOf(error)).toBe('database_unavailable');
  });

  it.each([
    ['a full disk (ENOSPC)', withCode('ENOSPC', 'ENOSPC: no space left on device, write', { syscall: 'write' })],
    ['a quota (EDQUOT)', withCode('EDQUOT', 'EDQUOT: disk quota exceeded, write')],
    ['PostgreSQL’s disk full (53100)', wrapped(withCode('53100', 'could not extend file "base/16384/16385": No space left on device'))],
  ])('storage full: %s', (_name, error) => {
    expect(outageOf(error)).toBe('storage_full');
  });

  it.each([
    ['a bug', new TypeError('Cannot read properties of undefined')],
    ['a missing file', withCode('ENOENT', 'ENOENT: no such file or directory, open', { syscall: 'open' })],
    ['a constraint', withCode('23505')],
    ['bad input', withCode('22P02')],
    ['a statement timeout (db-errors.ts’s)', withCode('57014')],
  ])('none: %s', (_name, error) => {
    expect(outageOf(error)).toBeNull();
  });
});

describe('translateOutage', () => {
  it('answers 503 with Retry-After for the database, keeping the cause for the log', () => {
    const cause = withCode('ECONNREFUSED');
    const error = translateOutage(cause);
    expect(error).toMatchObject({ status: 503, code: 'service_unavailable', message: '', headers: { 'retry-after': '5' } });
    expect(error?.cause).toBe(cause);
  });

  it('answers 507 for a full disk', () => {
    expect(translateOutage(withCode('ENOSPC'))).toMatchObject({ status: 507, code: 'insufficient_storage' });
  });

  it('leaves AppErrors and other errors alone', () => {
    expect(translateOutage(new AppError(409, 'conflict', 'x'))).toBeNull();
    expect(translateOutage(new Error('boom'))).toBeNull();
  });
});
