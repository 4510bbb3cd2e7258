/**
 * A browser and a system, by name, from a User-Agent header: what a person recognises in
 * a device list ("Chrome sur Android") instead of the raw string. Order matters: Edge,
 * Opera and Samsung Internet also say "Chrome", and Chrome also says "Safari".
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bokhttp\//i, 'Application Android'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export interface UserAgentParts {
  browser: string | null;
  os: string | null;
}

export function parseUserAgent(userAgent: string | null | undefined): UserAgentParts {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  return { browser, os };
}

/**
 * The device's label: "Chrome sur Android" through `t('deviceLabel')`, the one part known
 * alone, or `t('deviceUnknown')`.
 */
export function describeUserAgent(userAgent: string | null | undefined, t: (key: 'deviceLabel' | 'deviceUnknown', values?: Record<string, string>) => string): string {
  const { browser, os } = parseUserAgent(userAgent);
  if (browser && os) return t('deviceLabel', { browser, os });
  return browser ?? os ?? t('deviceUnknown');
}
