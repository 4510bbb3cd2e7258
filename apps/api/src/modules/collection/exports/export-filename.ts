/** A piece of a file name: ASCII letters, digits, `-` and `_` only. */
export function safeFilePart(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\w-]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'export'
  );
}

/**
 * `attachment` (or `inline`) with the name both plain and RFC 5987-encoded (every browser
 * gets it right, a name in Chinese included).
 */
export function attachmentHeader(filename: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
