import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStore } from './answer-storage';
import type { AnswerQuestion } from './answer-types';
import { shrinkPhoto } from './media-tools';
import { isReducedData, photoPlan, reducedDataByDefault, scaledSize, setPhotoMaxEdge, setReducedData } from './photo-settings';

const photoQuestion: AnswerQuestion = { id: 1, step_id: 1, label: 'Photo du compteur', type: 'photo', required: false, settings: null, choices: [] };

describe('photo settings and "données réduites"', () => {
  it('is on by default when the browser reports a data saver or a 2G line, and the agent’s choice wins', () => {
    expect(reducedDataByDefault({ saveData: true })).toBe(true);
    expect(reducedDataByDefault({ effectiveType: '2g' })).toBe(true);
    expect(reducedDataByDefault({ effectiveType: 'slow-2g' })).toBe(true);
    expect(reducedDataByDefault({ effectiveType: '4g' })).toBe(false);
    expect(reducedDataByDefault(undefined)).toBe(false);
    const store = memoryStore();
    expect(isReducedData(store, { saveData: true })).toBe(true);
    setReducedData(false, store);
    expect(isReducedData(store, { saveData: true })).toBe(false);
    setReducedData(true, store);
    expect(isReducedData(store, { effectiveType: '4g' })).toBe(true);
  });

  it('shrinks to the chosen edge, tighter and harder under "données réduites"', () => {
    const store = memoryStore();
    setReducedData(false, store);
    expect(photoPlan(store)).toEqual({ shrinkAboveBytes: 700 * 1024, maxEdge: 1600, quality: 0.82 });
    setPhotoMaxEdge(2048, store);
    expect(photoPlan(store).maxEdge).toBe(2048);
    setPhotoMaxEdge(999, store); // not a choice: ignored
    expect(photoPlan(store).maxEdge).toBe(2048);
    setReducedData(true, store);
    expect(photoPlan(store)).toEqual({ shrinkAboveBytes: 150 * 1024, maxEdge: 1024, quality: 0.7 });
    setPhotoMaxEdge(800, store);
    expect(photoPlan(store).maxEdge).toBe(800);
  });

  it('keeps the proportions, never enlarges', () => {
    expect(scaledSize(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(scaledSize(3000, 4000, 1024)).toEqual({ width: 768, height: 1024 });
    expect(scaledSize(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });
});

describe('image compression on the phone', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A decoder and a canvas standing in for the browser's (jsdom has neither). */
  function fakeBrowser(width: number, height: number, encodedBytes: number) {
    const drawn: Array<{ width: number; height: number; quality: number }> = [];
    vi.stubGlobal('createImageBitmap', async () => ({ width, height, close: () => undefined }));
    const create = document.createElement.bind(document);
    vi.spyOn(document, 'createElement').mockImplementation(((tag: string) => {
      if (tag !== 'canvas') return create(tag);
      const canvas = { width: 0, height: 0, getContext: () => ({ drawImage: () => undefined }) } as unknown as HTMLCanvasElement;
      canvas.toBlob = (done: BlobCallback, _type?: string, quality?: number) => {
        drawn.push({ width: canvas.width, height: canvas.height, quality: quality ?? 1 });
        done(new Blob([new Uint8Array(encodedBytes)], { type: 'image/jpeg' }));
      };
      return canvas;
    }) as typeof document.createElement);
    return drawn;
  }

  it('a 4 MB camera photo is kept as a 1600 px JPEG, much smaller', async () => {
    const drawn = fakeBrowser(4000, 3000, 300_000);
    const file = new File([new Uint8Array(4_000_000)], 'IMG_0042.png', { type: 'image/png' });
    const out = await shrinkPhoto(photoQuestion, file, { shrinkAboveBytes: 700 * 1024, maxEdge: 1600, quality: 0.82 });
    expect(drawn).toEqual([{ width: 1600, height: 1200, quality: 0.82 }]);
    expect(out.blob.size).toBe(300_000);
    expect(out.blob.type).toBe('image/jpeg');
    expect(out.name).toBe('IMG_0042.jpg');
  });

  it('under "données réduites", 1024 px and a stronger compression', async () => {
    const drawn = fakeBrowser(4000, 3000, 120_000);
    const file = new File([new Uint8Array(400_000)], 'compteur.jpg', { type: 'image/jpeg' });
    await shrinkPhoto(photoQuestion, file, { shrinkAboveBytes: 150 * 1024, maxEdge: 1024, quality: 0.7 });
    expect(drawn).toEqual([{ width: 1024, height: 768, quality: 0.7 }]);
  });

  it('keeps the original when re-encoding would not make it smaller, or it is small already', async () => {
    fakeBrowser(1000, 800, 2_000_000);
    const big = new File([new Uint8Array(1_000_000)], 'a.jpg', { type: 'image/jpeg' });
    expect((await shrinkPhoto(photoQuestion, big, { shrinkAboveBytes: 700 * 1024, maxEdge: 1600, quality: 0.82 })).blob).toBe(big);
    const small = new File([new Uint8Array(10_000)], 'b.jpg', { type: 'image/jpeg' });
    expect((await shrinkPhoto(photoQuestion, small, { shrinkAboveBytes: 700 * 1024, maxEdge: 1600, quality: 0.82 })).blob).toBe(small);
  });
});
