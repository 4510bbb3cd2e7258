import { describe, expect, it } from 'vitest';
import { sniffType } from './media-types';

describe('sniffType', () => {
  it('reads images and PDF by their signature, not their name', () => {
    expect(sniffType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'x.png')).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    expect(sniffType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '), 'x')).toEqual({ mime: 'image/webp', ext: 'webp' });
    expect(sniffType(Buffer.from('GIF89a...'))).toEqual({ mime: 'image/gif', ext: 'gif' });
    expect(sniffType(Buffer.from('%PDF-1.4'), 'photo.jpg')).toEqual({ mime: 'application/pdf', ext: 'pdf' });
  });

  it('tells office files apart by extension only behind a zip signature', () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
    expect(sniffType(zip, 'Rapport.DOCX')?.ext).toBe('docx');
    expect(sniffType(zip, 'chiffres.xlsx')?.mime).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(sniffType(zip, 'archive.bin')).toEqual({ mime: 'application/zip', ext: 'zip' });
    expect(sniffType(Buffer.from('MZ\x90\x00'), 'rapport.docx')).toBeNull();
  });

  it('accepts UTF-8 text as csv or txt only by extension', () => {
    expect(sniffType(Buffer.from('nom;ville\nAwa;Douala\n'), 'liste.csv')).toEqual({ mime: 'text/csv', ext: 'csv' });
    expect(sniffType(Buffer.from('Bonjour, ça va ?'), 'note.txt')).toEqual({ mime: 'text/plain', ext: 'txt' });
    expect(sniffType(Buffer.from('<script>alert(1)</script>'), 'page.html')).toBeNull();
    expect(sniffType(Buffer.from([0x61, 0x00, 0x62]), 'x.csv')).toBeNull();
    expect(sniffType(Buffer.alloc(0), 'vide.txt')).toBeNull();
  });
});
