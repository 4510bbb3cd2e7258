import { describe, expect, it } from 'vitest';
import { operatorOfMobile } from './commerce';

describe('operatorOfMobile', () => {
  it('tells MTN and Orange numbers apart by their prefix lists', () => {
    expect(operatorOfMobile('670000001')).toBe('mtn_momo');
    expect(operatorOfMobile('+237 652 11 22 33')).toBe('mtn_momo');
    expect(operatorOfMobile('683000000')).toBe('mtn_momo');
    expect(operatorOfMobile('690000001')).toBe('orange_money');
    expect(operatorOfMobile('655123456')).toBe('orange_money');
    expect(operatorOfMobile('640000000')).toBe('orange_money');
  });

  it('refuses numbers that are not Cameroonian mobiles', () => {
    expect(operatorOfMobile('620000000')).toBeNull();
    expect(operatorOfMobile('12345')).toBeNull();
    expect(operatorOfMobile('')).toBeNull();
  });
});
