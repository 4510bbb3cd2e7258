import { describe, expect, it } from 'vitest';
import { idParams, INT4_MAX, instantSchema, int4, isRecordId, recordId, recordIdOf, recordIdSchema } from './ids';

describe('record ids', () => {
  it('reads a record id from text: digits only, within int4', () => {
    expect(recordIdOf('1')).toBe(1);
    expect(recordIdOf('2147483647')).toBe(INT4_MAX);
    for (const bad of ['2147483648', '0', '-1', '1e3', '012', ' 1', '1.0', 'abc', '', '\u0000', '99999999999999999999']) {
      expect(recordIdOf(bad), bad).toBeNull();
    }
    expect(recordIdOf(null)).toBeNull();
  });

  it('tells a usable id', () => {
    expect(isRecordId(1)).toBe(true);
    expect(isRecordId(INT4_MAX + 1)).toBe(false);
    expect(isRecordId(1.5)).toBe(false);
    expect(isRecordId('1')).toBe(false);
  });

  it('parses a path id to a number and refuses the rest', () => {
    expect(idParams.parse({ id: '42' })).toEqual({ id: 42 });
    expect(idParams.safeParse({ id: '2147483648' }).success).toBe(false);
    expect(idParams.safeParse({ id: 'abc' }).success).toBe(false);
  });

  it('refuses a body id out of range with a French message', () => {
    expect(recordId.parse(7)).toBe(7);
    const result = recordId.safeParse(2147483648);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toMatch(/^Identifiant invalide/);
    expect(recordIdSchema('La question est obligatoire').safeParse(undefined).error?.issues[0].message).toBe('La question est obligatoire');
  });

  it('bounds other integer columns to int4', () => {
    expect(int4({ min: 0 }).safeParse(2147483648).success).toBe(false);
    expect(int4({ min: 0 }).safeParse(-1).success).toBe(false);
    expect(int4().safeParse(-2147483648).success).toBe(true);
  });
});

describe('instants', () => {
  it('takes ISO 8601 instants with their offset, between 2000 and 2100', () => {
    const instant = instantSchema('Date invalide.');
    for (const good of ['2026-05-01T08:00:00Z', '2000-01-01T12:00:00+01:00', '2100-12-31T23:59:59.999Z']) {
      expect(instant.safeParse(good).success, good).toBe(true);
    }
    expect(instant.safeParse('0001-01-01T00:00:00Z').error?.issues[0].message).toBe('La date doit être comprise entre 2000 et 2100.');
    expect(instant.safeParse('9999-12-31T23:59:59Z').success).toBe(false);
    expect(instant.safeParse('2026-05-01').error?.issues[0].message).toBe('Date invalide.');
  });
});
