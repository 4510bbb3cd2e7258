// fontkit (pdfkit's font engine) ships no types; this is the little the PDF fonts use.
declare module 'fontkit' {
  export interface Font {
    postscriptName: string;
    unitsPerEm: number;
    ascent: number;
    descent: number;
    lineGap: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    /** The glyph (cached per font), with the characters it stands for. */
    getGlyph(id: number, characters?: number[]): Glyph;
    /** pdfkit takes a font object that can lay out text (`layout`) as a font source. */
    layout(text: string): unknown;
  }
  export interface Glyph {
    id: number;
    codePoints: number[];
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
