import { describe, expect, it } from 'vitest';
import { publicSurveyUrl, renderQrSvg } from './qr';
import { readQrTarget } from './QrPrintView';

const origin = 'https://enquetes.example.cm';

describe('/qrcode-preview targets', () => {
  it('turns a survey code into its public link', () => {
    expect(readQrTarget(new URLSearchParams('code=ABCD2345&title=Visite'), origin)).toEqual({ url: `${origin}/m/su/ABCD2345`, title: 'Visite' });
  });

  it('accepts http and https addresses, relative ones on this site', () => {
    expect(readQrTarget(new URLSearchParams('url=https://autre.cm/x?y=1'), origin)?.url).toBe('https://autre.cm/x?y=1');
    expect(readQrTarget(new URLSearchParams('url=/m/su/ZZZZ'), origin)?.url).toBe(`${origin}/m/su/ZZZZ`);
  });

  it('refuses other schemes, malformed codes and nothing at all', () => {
    expect(readQrTarget(new URLSearchParams('url=javascript:alert(1)'), origin)).toBeNull();
    expect(readQrTarget(new URLSearchParams('url=data:text/html,x'), origin)).toBeNull();
    expect(readQrTarget(new URLSearchParams('code=../../x'), origin)).toBeNull();
    expect(readQrTarget(new URLSearchParams(''), origin)).toBeNull();
  });
});

describe('QR rendering', () => {
  it('draws an SVG of the public link without a canvas', async () => {
    const svg = await renderQrSvg(publicSurveyUrl('ABCD2345', origin), 200);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('width="200"');
    expect(svg).toContain('<path');
  });
});
