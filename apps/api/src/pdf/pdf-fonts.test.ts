import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../modules/collection/exports/export-files.test-support';
import { fontFilePath, PDF_FACES, pdfFont } from './pdf-fonts';
import { textRuns, writeText } from './pdf-text';

const api = path.resolve(import.meta.dirname, '../..');
/** Where the built server runs from (scripts/build.mjs: npm packages stay external, resolved from dist/). */
const builtServer = pathToFileURL(path.join(api, 'dist/server.js')).href;

function render(write: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  write(doc);
  doc.end();
  return done;
}

describe('the PDF fonts', () => {
  it('are files of installed npm packages, found from the sources and from the built dist/ alike', () => {
    for (const face of PDF_FACES) {
      for (const file of Object.values(face.files)) {
        const fromSources = fontFilePath(file);
        expect(existsSync(fromSources), fromSources).toBe(true);
        expect(fontFilePath(file, builtServer)).toBe(fromSources);
      }
    }
  });

  it('cover Cameroonian Latin letters, Simplified Chinese and emoji between them, each character in the first face that has it', () => {
    const runs = textRuns('Ŋono Mbɔŋ : 服务很好 2026 👍🏽!', 'regular');
    expect(runs.map((r) => [r.face.name, r.text])).toEqual([
      ['latin', 'Ŋono Mbɔŋ : '],
      ['cjk', '服务很好 '],
      ['latin', '2026 '],
      ['emoji', '👍🏽'],
      ['latin', '!'],
    ]);
    expect(textRuns('Prix\tTTC\r\nFin', 'bold').map((r) => r.text)).toEqual(['Prix TTC\nFin']);
    // The emoji font's space is 1.3 em wide: the space after an emoji is the text's.
    expect(textRuns('👍 merci', 'regular').map((r) => [r.face.name, r.text])).toEqual([
      ['emoji', '👍'],
      ['latin', ' merci'],
    ]);
    // Parsed once per process: the same font object for every document.
    expect(pdfFont(PDF_FACES[1], 'bold')).toBe(pdfFont(PDF_FACES[1], 'bold'));
  });

  it('keep a letter copyable in the next document after a composed letter embedded it as a bare component', async () => {
    // "Ẑ" embeds "Z" as its component, asked for without characters; "Z" is written nowhere else in this file.
    await render((doc) => writeText(doc, 'Ẑ', 'italic'));
    const text = extractPdfText(await render((doc) => writeText(doc, 'Zone Z', 'italic'))).join('\n');
    expect(text).toBe('Zone Z');
  });

  it('draw any text into a PDF that gives it back, embedding only the glyphs used', async () => {
    const pdf = await render((doc) => {
      writeText(doc, 'Accueil très chaleureux 👍 — Ŋono', 'bold');
      writeText(doc, '参与记录 12 号：服务很好，非常满意！', 'regular', { width: 200 });
    });
    const text = extractPdfText(pdf).join('\n');
    expect(text).toContain('Accueil très chaleureux 👍 — Ŋono');
    expect(text).toContain('参与记录 12 号：');
    expect(text.replace(/\n/g, '')).toContain('参与记录 12 号：服务很好，非常满意！');
    // Two CJK files of 8 MB each would not fit: subsets only.
    expect(pdf.length).toBeLessThan(150_000);
  });
});
