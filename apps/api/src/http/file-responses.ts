import { z } from 'zod';

/**
 * The success answer of a route that sends a file (a QR code, a PDF, a workbook), for its
 * `schema.response` (API.md "Declaring a response"): the media type and what the file is.
 * The handler sends a Buffer or a stream, which Fastify passes through unserialised.
 */
export function fileResponse(mediaTypes: string | readonly string[], description: string) {
  // Any: the handler sends a Buffer or a stream, not a string the type provider would check;
  // the document still says the body is the file's bytes.
  const schema = z.any().meta({ type: 'string', format: 'binary', description });
  const types = typeof mediaTypes === 'string' ? [mediaTypes] : mediaTypes;
  return { description, content: Object.fromEntries(types.map((type) => [type, { schema }])) };
}

export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
