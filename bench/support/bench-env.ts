// The one reader of the environment in bench/: each benchmark gathers its settings in an
// OPTIONS object at its top (each one documented there), built with these helpers; the
// settings of the support modules are SHARED_OPTIONS below. Read once, when a benchmark
// starts.

/** A number setting: the variable's value, else the default (`Number` of either). */
export function envNumber(name: string, fallback: number | string): number {
  const raw = process.env[name]?.trim() || String(fallback);
  // `BENCH_COMPANIES=10k` stops the run with the setting's name instead of seeding NaN rows
  // and printing ratios of nothing.
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name}=${raw}: a number above 0 is expected`);
  return value;
}

/** A text setting: the variable's value, else the default. */
export function envText(name: string, fallback: string): string;
export function envText(name: string): string | undefined;
export function envText(name: string, fallback?: string): string | undefined {
  return process.env[name] ?? fallback;
}

/** A switch: on when the variable is `1`. */
export const envFlag = (name: string): boolean => process.env[name] === '1';

/** Settings of the support modules, shared by the benchmarks that use them. */
export const SHARED_OPTIONS = {
  /** BENCH_DATABASE_URL, else DATABASE_URL: the PostgreSQL server (bench-db.ts) [postgres://postgres@127.0.0.1:5432/test]. */
  databaseUrl: envText('BENCH_DATABASE_URL') ?? envText('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/test'),
  /** BENCH_CLIENT_PROCESSES: child processes holding a socket bench's clients (socket-crowd.ts) [2, on this 2-core machine]. */
  clientProcesses: envNumber('BENCH_CLIENT_PROCESSES', 2),
  /** BENCH_CONNECT_CONCURRENCY: handshakes in flight per child process (socket-crowd.ts) [50]. */
  connectConcurrency: envNumber('BENCH_CONNECT_CONCURRENCY', 50),
};
