/**
 * The name of the evaluated object, shown above the survey while answering ("Guichet 1 ·
 * Agence Akwa"). The landing page of a QR code knows it and keeps it for the tab
 * (sessionStorage) under the `target` value the answering link carries; the answering
 * page reads it back. Display only: the server checks the target itself.
 */
const KEY = 'answer:target:';

let current: string | null = null;

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function rememberTargetLabel(targetValue: string, name: string, siteName?: string | null): void {
  try {
    storage()?.setItem(KEY + targetValue, siteName ? `${name} · ${siteName}` : name);
  } catch {
    // Private browsing or a full storage: the page simply does not name the target.
  }
}

/** Sets the label the headers show for the link's target (none when unknown). */
export function selectTargetLabel(targetValue: string | undefined): void {
  current = targetValue ? (storage()?.getItem(KEY + targetValue) ?? null) : null;
}

export function currentTargetLabel(): string | null {
  return current;
}
