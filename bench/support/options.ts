/**
 * A benchmark's settings, read from the environment once, with their defaults: a size
 * given as `BENCH_COMPANIES=10k` or `-5` stops the run with the setting's name instead of
 * seeding NaN rows and printing ratios of nothing.
 */
export function benchInt(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name}=${raw}: a whole number of at least 1 is expected`);
  return value;
}

/** A yes/no setting: `1` or `true` (any case) is yes. */
export function benchFlag(name: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return /^(1|true)$/i.test(env[name]?.trim() ?? '');
}
