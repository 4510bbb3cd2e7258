import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { moveDurably } from '../../../files/durable';
import { AppError } from '../../../http/errors';
import { mediaText } from './medias.texts';
import { pickLocale } from '@app/contracts';

/** Where media files live: DATA_DIR/uploads/<media.path>. */
export function uploadsRoot(dataDir: string): string {
  return path.resolve(dataDir, 'uploads');
}

export interface StagedFile {
  tempPath: string;
  size: number;
  checksum: string;
  head: Buffer;
}

const HEAD_BYTES = 512;

/** A size for people in their language: `2,5 Mo`, `2.5 MB`, or `800 Ko` under one megabyte. */
function describeSize(bytes: number, locale: string): string {
  if (bytes < 1024 * 1024) return mediaText(locale, 'sizeKb', { n: Math.max(1, Math.floor(bytes / 1024)) });
  return mediaText(locale, 'sizeMb', { n: (Math.floor((bytes / 1024 / 1024) * 10) / 10).toLocaleString(pickLocale(locale)) });
}

/** 413 for a file over `maxBytes`, naming the limit in `locale`. */
export function fileTooLarge(maxBytes: number, locale: string): AppError {
  const message = mediaText(locale, 'overMaxSize', { size: describeSize(maxBytes, locale) });
  return new AppError(413, 'payload_too_large', message, { file: [message] });
}

/**
 * Streams an upload to a temporary file (never whole in memory), with its SHA-256, its
 * size and its first bytes for type sniffing; 413 past `maxBytes`.
 */
export async function stageUpload(dataDir: string, source: NodeJS.ReadableStream, maxBytes: number, locale: string): Promise<StagedFile> {
  const tmpDir = path.join(uploadsRoot(dataDir), 'tmp');
  await mkdir(tmpDir, { recursive: true });
  const tempPath = path.join(tmpDir, randomBytes(16).toString('hex'));
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      // Stop reading as soon as the file is too big: the rest never touches the disk.
      if (size > maxBytes) return done(fileTooLarge(maxBytes, locale));
      hash.update(chunk);
      if (headLength < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
      }
      done(null, chunk);
    },
  });
  const sink = createWriteStream(tempPath);
  try {
    await pipeline(source, tap, sink);
  } catch (error) {
    // The file may still be opening when the size check fails: removed once the stream has
    // closed, or it would be created after the unlink and left behind.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    await unlink(tempPath).catch(() => {});
    throw error;
  }
  return { tempPath, size, checksum: hash.digest('hex'), head: Buffer.concat(head) };
}

/**
 * Moves a staged file to files/answers/YYYY/MM/<random>.<ext>, flushed to the disk with
 * its folder before the caller records its row and answers (files/durable.ts); returns
 * that media path.
 */
export async function keepUpload(dataDir: string, staged: StagedFile, ext: string): Promise<string> {
  const now = new Date();
  const relative = path.posix.join(
    'files',
    'answers',
    String(now.getUTCFullYear()),
    String(now.getUTCMonth() + 1).padStart(2, '0'),
    `${randomBytes(16).toString('hex')}.${ext}`,
  );
  const target = path.join(uploadsRoot(dataDir), relative);
  await moveDurably(staged.tempPath, target);
  return relative;
}

export async function discardUpload(staged: StagedFile): Promise<void> {
  await unlink(staged.tempPath).catch(() => {});
}

/** The absolute file of a media path, or null when the path would leave the uploads folder. */
export function fileOf(dataDir: string, mediaPath: string): string | null {
  const root = uploadsRoot(dataDir);
  const file = path.resolve(root, mediaPath);
  return file.startsWith(root + path.sep) ? file : null;
}
