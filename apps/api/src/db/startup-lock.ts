import pg from 'pg';

/**
 * The advisory lock key of the database's setup (migrations and seeds): two numbers, so
 * that it cannot collide with a single-key lock some other tool takes on the same database.
 */
const SETUP_LOCK = [0x656e71, 1] as const; // "enq", 1

/**
 * Runs `setup` holding a PostgreSQL advisory lock, so that N API processes starting at once
 * on one database migrate and seed it one after the other: the first applies the
 * migrations, the others wait, then find nothing left to apply. The lock belongs to a
 * connection of its own (not the pool's), so it is released when `setup` ends, and by the
 * server itself if this process dies holding it.
 */
export async function withSetupLock<T>(databaseUrl: string, setup: () => Promise<T>, onWait?: () => void): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tried = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [...SETUP_LOCK]);
    if (!tried.rows[0].locked) {
      onWait?.();
      await client.query('SELECT pg_advisory_lock($1, $2)', [...SETUP_LOCK]);
    }
    return await setup();
  } finally {
    // Closing the connection releases the lock too; unlocking first says so at once.
    await client.query('SELECT pg_advisory_unlock($1, $2)', [...SETUP_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}
