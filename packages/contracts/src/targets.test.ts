import { describe, expect, it } from 'vitest';
import { checkGeofence, geofenceFlagged, haversineMetres, parseTargetQueryValue, targetKindOfLinkType, targetPublicPath, targetSessionPath } from './targets';

describe('haversineMetres', () => {
  it('is zero for one point', () => {
    expect(haversineMetres({ latitude: 4.05, longitude: 9.7 }, { latitude: 4.05, longitude: 9.7 })).toBe(0);
  });
  it('measures one degree of latitude as about 111.2 km', () => {
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_195, -1);
  });
  it('measures Douala to Yaoundé as about 196 km', () => {
    // Douala (4.0511, 9.7679) – Yaoundé (3.8480, 11.5021): ≈ 193.6 km great circle.
    const d = haversineMetres({ latitude: 4.0511, longitude: 9.7679 }, { latitude: 3.848, longitude: 11.5021 });
    expect(d).toBeGreaterThan(192_000);
    expect(d).toBeLessThan(196_000);
  });
  it('shrinks east–west distances with latitude', () => {
    const atEquator = haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 0.001 });
    const at60 = haversineMetres({ latitude: 60, longitude: 0 }, { latitude: 60, longitude: 0.001 });
    expect(at60 / atEquator).toBeCloseTo(0.5, 2);
  });
  it('is symmetric and handles the antimeridian', () => {
    const a = { latitude: 10, longitude: 179.9995 };
    const b = { latitude: 10, longitude: -179.9995 };
    expect(haversineMetres(a, b)).toBeCloseTo(haversineMetres(b, a), 6);
    expect(haversineMetres(a, b)).toBeLessThan(120);
  });
});

describe('checkGeofence', () => {
  const site = { latitude: 4.0511, longitude: 9.7679, geofence_radius_m: 150 };
  it('is inside within the radius, with the distance', () => {
    const r = checkGeofence(site, { latitude: 4.0515, longitude: 9.7679 });
    expect(r).toEqual({ status: 'inside', distance_m: 44, radius_m: 150 });
  });
  it('is outside beyond it', () => {
    const r = checkGeofence(site, { latitude: 4.0611, longitude: 9.7679 });
    expect(r?.status).toBe('outside');
    expect(r?.distance_m).toBe(1112);
  });
  it('counts the edge as inside', () => {
    const edge = { latitude: site.latitude + 150 / 111_195, longitude: site.longitude };
    expect(checkGeofence(site, edge)?.status).toBe('inside');
  });
  it('is unknown without a position, and null without site coordinates', () => {
    expect(checkGeofence(site, null)).toEqual({ status: 'unknown', distance_m: null, radius_m: 150 });
    expect(checkGeofence({ latitude: null, longitude: null, geofence_radius_m: 100 }, { latitude: 0, longitude: 0 })).toBeNull();
  });
  it('uses the default radius when the site has none', () => {
    expect(checkGeofence({ ...site, geofence_radius_m: null }, { latitude: 4.0511, longitude: 9.7679 })?.radius_m).toBe(200);
  });
  it('flags outside and unknown visits only', () => {
    expect([geofenceFlagged('inside'), geofenceFlagged('outside'), geofenceFlagged('unknown'), geofenceFlagged(null)]).toEqual([false, true, true, false]);
  });
});

describe('target links', () => {
  it('reads short and long link types', () => {
    expect(targetKindOfLinkType('ws')).toBe('workspace');
    expect(targetKindOfLinkType('Site')).toBe('site');
    expect(targetKindOfLinkType('su')).toBeNull();
  });
  it('builds public and signed-in paths', () => {
    expect(targetPublicPath('workspace', 'AB12CD34')).toBe('/m/ws/AB12CD34');
    expect(targetSessionPath('s1', 'site', 4, 'AB12CD34')).toBe('/s1/m/si/4/AB12CD34');
  });
  it('parses the target query value', () => {
    expect(parseTargetQueryValue('workspace:12')).toEqual({ kind: 'workspace', id: 12 });
    expect(parseTargetQueryValue('ws:12')).toEqual({ kind: 'workspace', id: 12 });
    expect(parseTargetQueryValue('workspace:0')).toBeNull();
    expect(parseTargetQueryValue('planet:3')).toBeNull();
    expect(parseTargetQueryValue('site:99999999999')).toBeNull();
  });
});
