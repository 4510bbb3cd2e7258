// The setup both socket benches share: users, devices and sessions in bulk, and an
// in-process client that authenticates.
import { io as connect, type Socket } from 'socket.io-client';
import type { Database } from '../../apps/api/src/db/client';
import { devices, sessions, users } from '../../apps/api/src/db/schema';
import { generateToken, hashToken } from '../../apps/api/src/modules/identity/auth/tokens';

/** Users, devices and sessions in bulk (slices under PostgreSQL's 65,535 parameters); each user with the clear access token. */
export async function createSessions(db: Database, count: number): Promise<{ userId: number; token: string }[]> {
  const all: { userId: number; token: string }[] = [];
  for (let start = 0; start < count; start += 5000) all.push(...(await createSessionSlice(db, start, Math.min(count, start + 5000))));
  return all;
}

async function createSessionSlice(db: Database, from: number, to: number): Promise<{ userId: number; token: string }[]> {
  const tag = Date.now().toString(36);
  const userRows = await db.orm
    .insert(users)
    .values(Array.from({ length: to - from }, (_, i) => ({ username: `bench-${tag}-${from + i}`, first_name: 'Bench', last_name: String(from + i) })))
    .returning({ id: users.id });
  const deviceRows = await db.orm
    .insert(devices)
    .values(userRows.map((u) => ({ user_id: u.id, ref: `bench-device-${u.id}` })))
    .returning({ id: devices.id, user_id: devices.user_id });
  const tokens = deviceRows.map(() => generateToken());
  const later = (ms: number) => new Date(Date.now() + ms);
  await db.orm.insert(sessions).values(
    deviceRows.map((d, i) => ({
      user_id: d.user_id,
      device_id: d.id,
      family: generateToken(16),
      access_hash: hashToken(tokens[i]),
      access_expires_at: later(3600_000),
      refresh_hash: hashToken(generateToken()),
      refresh_expires_at: later(86_400_000),
    })),
  );
  return deviceRows.map((d, i) => ({ userId: d.user_id, token: tokens[i] }));
}

/** One client that authenticates and resolves once `auth:success` arrived. */
export function openAuthenticated(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true, timeout: 120_000 });
    socket.on('connect_error', reject);
    socket.on('auth:error', (answer) => reject(new Error(`auth:error ${JSON.stringify(answer)}`)));
    socket.on('auth:success', () => resolve(socket));
    socket.emit('auth', { token });
  });
}
