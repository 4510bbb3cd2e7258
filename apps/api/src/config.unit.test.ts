import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    // The repository root's data folder, wherever the process was started from.
    expect(config.DATA_DIR).toBe(path.resolve(import.meta.dirname, '../../../data'));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.WEB_DIST).toMatch(/apps\/web\/dist$/);
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('LOG_LEVEL');
  });

  it('turns the payment emulators on only when asked, or for the demo outside production', () => {
    expect(loadConfig({}).PAYMENT_EMULATORS).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).PAYMENT_EMULATORS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).PAYMENT_EMULATORS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).PAYMENT_EMULATORS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_EMULATORS: 'true' }).PAYMENT_EMULATORS).toBe(true);
    expect(loadConfig({ PAYMENT_EMULATORS: 'false' }).PAYMENT_EMULATORS).toBe(false);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('reads TRUST_PROXY as a flag or as the addresses of the proxies', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback,::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', 'loopback', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1/8/2' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
    // A prefix its family does not allow would make proxy-addr throw at boot instead.
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/32,2001:db8::/128,10.1.0.0/1' }).TRUST_PROXY).toEqual(['10.0.0.0/32', '2001:db8::/128', '10.1.0.0/1']);
    for (const bad of ['10.0.0.0/99', '10.0.0.0/33', '2001:db8::/129', '10.0.0.0/0', 'loopback,::1/200']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY: .*préfixe de 1 à 32/);
    }
  });
});
