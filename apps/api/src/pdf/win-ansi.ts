// The standard PDF fonts only know WinAnsi: Latin-1 plus these. Anything else (emoji,
// other scripts) would print as garbage, so it becomes "?". Only the QR target sheet
// (collection/targets) still draws with the standard fonts; the participation and invoice
// PDFs use the embedded fonts of pdf-fonts.ts.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** The text as the standard fonts can print it. */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\n' || (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch === '\t' || ch === '\r') out += ' ';
    else out += '?';
  }
  return out;
}
