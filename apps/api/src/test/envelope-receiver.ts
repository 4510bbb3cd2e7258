import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateSync } from 'node:zlib';

/** One item of a Sentry envelope: its header and its payload (JSON when it parses, else raw). */
export interface EnvelopeItem {
  type: string;
  header: Record<string, unknown>;
  payload: unknown;
  raw: Buffer;
  /** The payload as text; a replay recording inflated. */
  text: string;
}

export interface ReceivedEnvelope {
  path: string;
  header: Record<string, unknown>;
  items: EnvelopeItem[];
  /** The whole body as text (replay recordings inflated), to look for what must not be there. */
  text: string;
}

/**
 * A local stand-in for Sentry's ingestion: accepts envelopes at /api/<project>/envelope/,
 * as the SDKs send them, and keeps them for the test to read. No network beyond loopback.
 */
export interface EnvelopeReceiver {
  dsn: string;
  origin: string;
  envelopes: ReceivedEnvelope[];
  items(type: string): EnvelopeItem[];
  close(): Promise<void>;
}

export async function startEnvelopeReceiver(project = 4242): Promise<EnvelopeReceiver> {
  const envelopes: ReceivedEnvelope[] = [];
  const server: Server = createServer((req, res) => {
    // Browsers send envelopes cross-origin (the page's origin is the app's).
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'POST' || path !== `/api/${project}/envelope/`) return res.writeHead(404).end();
      envelopes.push({ path, ...parseEnvelope(Buffer.concat(chunks)) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/${project}`,
    origin,
    envelopes,
    items: (type) => envelopes.flatMap((e) => e.items.filter((i) => i.type === type)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Envelope format (develop.sentry.dev/sdk/envelopes): a JSON header line, then for each item
 * a JSON header line and a payload, `length` bytes long when the header says so, else up to
 * the next newline.
 */
export function parseEnvelope(body: Buffer): Omit<ReceivedEnvelope, 'path'> {
  let at = body.indexOf(0x0a);
  const header = JSON.parse(body.subarray(0, at < 0 ? body.length : at).toString('utf8'));
  const items: EnvelopeItem[] = [];
  const texts: string[] = [];
  at = at < 0 ? body.length : at + 1;
  while (at < body.length) {
    const headerEnd = body.indexOf(0x0a, at);
    if (headerEnd < 0) break;
    const itemHeader = JSON.parse(body.subarray(at, headerEnd).toString('utf8')) as Record<string, unknown>;
    const start = headerEnd + 1;
    const end = typeof itemHeader.length === 'number' ? start + itemHeader.length : nextNewline(body, start);
    const raw = body.subarray(start, end);
    const text = itemText(String(itemHeader.type), raw);
    items.push({ type: String(itemHeader.type), header: itemHeader, payload: parsePayload(raw), raw, text });
    texts.push(text);
    at = end + 1;
  }
  return { header, items, text: [JSON.stringify(header), ...texts].join('\n') };
}

function nextNewline(body: Buffer, from: number): number {
  const i = body.indexOf(0x0a, from);
  return i < 0 ? body.length : i;
}

function parsePayload(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return raw;
  }
}

/** A replay recording is `{"segment_id":n}\n` then the events, deflated by the SDK's worker. */
function itemText(type: string, raw: Buffer): string {
  if (type !== 'replay_recording') return raw.toString('utf8');
  const split = raw.indexOf(0x0a);
  const events = raw.subarray(split + 1);
  try {
    return `${raw.subarray(0, split).toString('utf8')}\n${inflateSync(events).toString('utf8')}`;
  } catch {
    return raw.toString('utf8');
  }
}
