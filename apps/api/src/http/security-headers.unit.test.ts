import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers';

describe('helmetHeaders', () => {
  it('works out helmet’s headers for a configuration once, without a request', () => {
    const headers = new Map(helmetHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: null } }, crossOriginEmbedderPolicy: false }));
    expect(headers.get('content-security-policy')).toMatch(/^default-src 'self';/);
    expect(headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(headers.has('cross-origin-embedder-policy')).toBe(false);
    // Names in lower case, each once.
    expect([...headers.keys()].every((name) => name === name.toLowerCase())).toBe(true);
  });

  it('leaves out what the configuration turns off, and refuses a configuration helmet refuses', () => {
    expect(new Map(helmetHeaders({ xFrameOptions: false })).has('x-frame-options')).toBe(false);
    expect(() => helmetHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], 'bad directive': ['x'] } } })).toThrow();
  });
});
