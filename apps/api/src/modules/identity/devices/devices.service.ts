import type { DeviceInfo } from '@app/contracts';
import type { Database } from '../../../db/client';
import { notFound } from '../../../http/errors';
import { findUserDevice, listSignedInDevices } from '../auth/sessions.repository';
import { endDeviceSessions, type SessionEvents } from '../auth/sessions.service';

/** GET devices: the caller's signed-in devices, the current one flagged. */
export async function listDevices(db: Database, userId: number, currentDeviceId: number): Promise<DeviceInfo[]> {
  const rows = await listSignedInDevices(db, userId);
  return rows.map((d) => ({
    id: d.id,
    ref: d.ref,
    user_agent: d.user_agent,
    ip: d.ip,
    last_seen_at: d.last_seen_at.toISOString(),
    created_at: d.created_at.toISOString(),
    current: d.id === currentDeviceId,
  }));
}

/** GET auth/logout/{deviceId}: ends that device's sessions and their sockets; another user's device is 404. */
export async function logoutDevice(db: Database, events: SessionEvents, userId: number, deviceId: number): Promise<void> {
  const device = await findUserDevice(db, userId, deviceId);
  if (!device) throw notFound();
  await endDeviceSessions(db, events, device.id, 'device_logout');
}
