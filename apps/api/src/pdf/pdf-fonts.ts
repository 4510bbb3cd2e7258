import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create, type Font } from 'fontkit';

/**
 * The fonts every PDF of the platform draws with (issue 23: every language, every answer).
 * The standard PDF fonts know WinAnsi only, so Chinese labels and answers, "ŋ" in a
 * Cameroonian name or an emoji could not be drawn. These come from npm packages (OFL-1.1):
 * Noto Sans (Latin, Greek, Cyrillic, African Latin letters), Noto Sans Hans (Simplified
 * Chinese, GB2312) and Noto Emoji (monochrome). pdfkit embeds only the glyphs a document
 * uses, so a PDF grows by a few kilobytes per face it uses, not by the 8 MB of a CJK file.
 *
 * The packages stay in node_modules (the API's esbuild bundle keeps npm packages external),
 * so the same resolution finds them from src/ under tsx or vitest and from the built dist/.
 */

export type PdfFontStyle = 'regular' | 'bold' | 'italic';

/** Where a font file is: a package and the file's path in it. */
export interface FontFile {
  pkg: string;
  file: string;
}

/** One typeface of the fallback chain, one file per style. */
export interface Face {
  name: string;
  files: Record<PdfFontStyle, FontFile>;
  /** Whether a space after its characters is drawn with it (Noto Emoji's is 1.3 em wide: no). */
  drawsBlanks: boolean;
}

/**
 * The file's path on disk, resolved as Node resolves a package from `from` (this module:
 * src/pdf under tsx and vitest, dist/ once built). Some packages' `exports` hide every file
 * but their entry, so the path is taken from the package's folder, found from its entry.
 */
export function fontFilePath(font: FontFile, from: string = import.meta.url): string {
  const entry = createRequire(from).resolve(font.pkg);
  let folder = path.dirname(entry);
  while (path.basename(folder) !== path.basename(font.pkg) && path.dirname(folder) !== folder) folder = path.dirname(folder);
  return path.join(folder, font.file);
}

const LATIN = '@embedpdf/fonts-latin';
const CJK = '@embedpdf/fonts-sc';
const EMOJI = '@expo-google-fonts/noto-emoji';
const emoji: FontFile = { pkg: EMOJI, file: '400Regular/NotoEmoji_400Regular.ttf' };

/** Tried in this order for each character: the first face that has its glyph draws it. */
export const PDF_FACES: readonly Face[] = [
  {
    name: 'latin',
    drawsBlanks: true,
    files: {
      regular: { pkg: LATIN, file: 'fonts/NotoSans-Regular.ttf' },
      bold: { pkg: LATIN, file: 'fonts/NotoSans-Bold.ttf' },
      italic: { pkg: LATIN, file: 'fonts/NotoSans-Italic.ttf' },
    },
  },
  {
    // No italic Chinese exists: slanted Latin beside upright Chinese is how CJK text reads.
    name: 'cjk',
    drawsBlanks: true,
    files: {
      regular: { pkg: CJK, file: 'fonts/NotoSansHans-Regular.otf' },
      bold: { pkg: CJK, file: 'fonts/NotoSansHans-Bold.otf' },
      italic: { pkg: CJK, file: 'fonts/NotoSansHans-Regular.otf' },
    },
  },
  { name: 'emoji', drawsBlanks: false, files: { regular: emoji, bold: emoji, italic: emoji } },
];

// Parsed once per process and shared by every document: fontkit keeps what it decoded
// (cmap, glyphs), so the second PDF does not parse an 8 MB CJK file again. A face is read
// the first time a document needs it (a French invoice never opens the Chinese one).
const byFile = new Map<string, Font>();
const byKey = new Map<string, Font>();

/** The parsed font of a face in a style (read from disk on first use). */
export function pdfFont(face: Face, style: PdfFontStyle): Font {
  const key = fontKey(face, style);
  let font = byKey.get(key);
  if (!font) {
    const file = fontFilePath(face.files[style]);
    const parsed = byFile.get(file) ?? keepingCodePoints(create(readFileSync(file)));
    byFile.set(file, parsed);
    font = face === PDF_FACES[0] ? parsed : withMetricsOf(parsed, pdfFont(PDF_FACES[0], style));
    byKey.set(key, font);
  }
  return font;
}

/**
 * fontkit caches a glyph with the characters of its first request, and a subset asks for
 * the components of a composed letter with none (À is A and a grave accent): once a
 * document embedded "À", the next one that writes "A" would get a glyph mapped to no
 * character, and its text would no longer copy or search as "A". A shared font must give
 * a cached glyph its characters when they become known.
 */
function keepingCodePoints(font: Font): Font {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, characters = []) => {
    const glyph = getGlyph(id, characters);
    if (glyph && glyph.codePoints.length === 0 && characters.length > 0) glyph.codePoints = characters;
    return glyph;
  };
  return font;
}

/**
 * The font seen with the first face's vertical metrics. pdfkit puts each piece's baseline
 * at its font's ascent below the line's top: Noto Sans Hans (880/1000) beside Noto Sans
 * (1069/1000) would sink the Latin digits of a Chinese line by two points at 11 pt, and
 * lines would change height with their script. The glyphs themselves are untouched.
 */
function withMetricsOf(font: Font, reference: Font): Font {
  const scale = font.unitsPerEm / reference.unitsPerEm;
  return Object.create(font, {
    ascent: { value: reference.ascent * scale },
    descent: { value: reference.descent * scale },
    lineGap: { value: reference.lineGap * scale },
  });
}

/** The key a document caches the face under (pdfkit's font family name). */
export const fontKey = (face: Face, style: PdfFontStyle) => `${face.name}-${style}`;
