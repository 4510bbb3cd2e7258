import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { qrFileDisposition } from './qrcode-file';
import { QRCODE_TEXTS } from './qrcodes.texts';

describe("the QR codes' file names, in every language", () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(QRCODE_TEXTS, 'qrcodes');
  });

  it('names the file in the caller language, shown inline unless a download is asked', () => {
    expect(qrFileDisposition('fr', 'surveyFile', 'AB12', 'png', undefined)).toBe(`inline; filename="formulaire-AB12.png"; filename*=UTF-8''formulaire-AB12.png`);
    expect(qrFileDisposition('en', 'companyFile', 'XY34', 'svg', '1')).toBe(`attachment; filename="company-XY34.svg"; filename*=UTF-8''company-XY34.svg`);
    expect(qrFileDisposition('zh-CN', 'surveyFile', 'AB12', 'png', 'true')).toContain(`filename*=UTF-8''${encodeURIComponent('表单-AB12')}.png`);
  });
});
