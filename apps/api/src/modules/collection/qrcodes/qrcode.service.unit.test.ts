import { describe, expect, it } from 'vitest';
import { keptQrRenderer } from './qrcode.service';

describe('keptQrRenderer', () => {
  it('draws a code once, however often and however many callers at once ask for it', async () => {
    const render = keptQrRenderer(1024 * 1024);
    const [a, b] = await Promise.all([render('https://example.test/m/su/ABCD1234', 'png', 256), render('https://example.test/m/su/ABCD1234', 'png', 256)]);
    expect(a).toBe(b);
    expect(await render('https://example.test/m/su/ABCD1234', 'png', 256)).toBe(a);
    // Another size or format is another drawing.
    const larger = await render('https://example.test/m/su/ABCD1234', 'png', 512);
    expect(larger).not.toBe(a);
    expect((larger as Buffer).length).toBeGreaterThan((a as Buffer).length);
    expect(typeof (await render('https://example.test/m/su/ABCD1234', 'svg', 256))).toBe('string');
  });

  it('drops the least recently used codes past its byte budget', async () => {
    const one = await keptQrRenderer(1 << 30)('x', 'png', 512);
    // Room for two of these codes, not three.
    const render = keptQrRenderer((one as Buffer).length * 2.5);
    const first = await render('a', 'png', 512);
    const second = await render('b', 'png', 512);
    expect(await render('a', 'png', 512)).toBe(first); // used again: now the most recent
    await render('c', 'png', 512); // over budget: "b" goes
    expect(await render('a', 'png', 512)).toBe(first);
    const secondAgain = await render('b', 'png', 512);
    expect(secondAgain).not.toBe(second);
    expect(secondAgain).toEqual(second);
  });
});
