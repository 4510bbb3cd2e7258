import { DEVICE_ID_LENGTH } from '@app/contracts/constants';

const STORAGE_KEY = 'device-ref';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomAlphanumeric(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** randomUUID exists only in secure contexts; a field phone on plain http gets the short form. */
export function createDeviceRef(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : randomAlphanumeric(DEVICE_ID_LENGTH);
}

/**
 * The device reference sent with sign-in (section 3): kept across visits because the
 * server holds one session per device, so a new ref on every sign-in would pile them up.
 */
export function getDeviceRef(storage: Storage | undefined = globalThis.localStorage): string {
  try {
    const existing = storage?.getItem(STORAGE_KEY);
    if (existing) return existing;
    const created = createDeviceRef();
    storage?.setItem(STORAGE_KEY, created);
    return created;
  } catch {
    // Private modes may refuse storage; a per-page ref still lets the user sign in.
    return createDeviceRef();
  }
}
