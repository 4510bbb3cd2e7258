import { describe, expect, it } from 'vitest';
import { describeUserAgent, parseUserAgent } from './user-agent';

const fr = (key: string, values?: Record<string, string>) => (key === 'deviceLabel' ? `${values?.browser} sur ${values?.os}` : 'Appareil inconnu');

describe('device labels from user agents', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36', 'Chrome sur Android'],
    ['Mozilla/5.0 (Linux; Android 12; TECNO KG5p) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0 Mobile Safari/537.36', 'Samsung Internet sur Android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1', 'Safari sur iOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91', 'Edge sur Windows'],
    ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', 'Firefox sur Linux'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15', 'Safari sur macOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0', 'Opera sur Windows'],
  ])('%s', (ua, label) => {
    expect(describeUserAgent(ua, fr)).toBe(label);
  });

  it('says what it knows, else that the device is unknown', () => {
    expect(describeUserAgent('curl/8.4.0', fr)).toBe('Appareil inconnu');
    expect(describeUserAgent(null, fr)).toBe('Appareil inconnu');
    expect(parseUserAgent('Mozilla/5.0 (Linux; Android 10) Dalvik')).toEqual({ browser: null, os: 'Android' });
  });
});
