import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name so accents survive', () => {
    expect(fileNameFromDisposition(`attachment; filename="participations-enquete.xlsx"; filename*=UTF-8''participations-enqu%C3%AAte.xlsx`)).toBe(
      'participations-enquête.xlsx',
    );
  });

  it('reads a plain quoted or bare name', () => {
    expect(fileNameFromDisposition('inline; filename="formulaire-ABCD.png"')).toBe('formulaire-ABCD.png');
    expect(fileNameFromDisposition('attachment; filename=export.csv')).toBe('export.csv');
  });

  it('answers null without a name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });
});
