import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// What reached the disk cannot be observed without cutting the power; what can be is the
// order of the calls: every fsync (handle.sync) and rename, on the real file system.
const calls: string[] = [];
let failWrite: NodeJS.ErrnoException | null = null;

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const open: typeof real.open = async (...args: Parameters<typeof real.open>) => {
    const handle = await real.open(...args);
    const where = String(args[0]);
    const realSync = handle.sync.bind(handle);
    const realWriteFile = handle.writeFile.bind(handle);
    return Object.assign(handle, {
      sync: async () => {
        calls.push(`sync ${where}`);
        return realSync();
      },
      writeFile: async (data: Buffer) => {
        if (failWrite) {
          // Half the bytes written, then the disk is full, as a real ENOSPC leaves it.
          await realWriteFile(data.subarray(0, data.length / 2));
          throw failWrite;
        }
        return realWriteFile(data);
      },
    });
  };
  const rename: typeof real.rename = async (from, to) => {
    calls.push(`rename ${from} ${to}`);
    return real.rename(from, to);
  };
  return { ...real, default: { ...real, open, rename }, open, rename };
});

const { moveDurably, writeFileDurably } = await import('./durable');

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'durable-'));
  calls.length = 0;
  failWrite = null;
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const rel = (line: string) => line.replaceAll(`${root}/`, '').replaceAll(root, '.');

describe('moveDurably', () => {
  it('flushes the file, renames it, then flushes its folder and every folder it created', async () => {
    const staged = path.join(root, 'tmp-file');
    writeFileSync(staged, 'contenu');
    const target = path.join(root, 'files', '2026', 'a.pdf');
    await moveDurably(staged, target);
    expect(readFileSync(target, 'utf8')).toBe('contenu');
    expect(calls.map(rel)).toEqual([
      'sync tmp-file',
      // files/2026 and files were created: each flushed, and the folder holding files.
      'sync files/2026',
      'sync files',
      'sync .',
      'rename tmp-file files/2026/a.pdf',
      'sync files/2026',
    ]);
  });
});

describe('writeFileDurably', () => {
  it('writes and flushes the file, then its folder', async () => {
    const file = path.join(root, 'photo.png');
    await writeFileDurably(file, Buffer.from('png'));
    expect(readFileSync(file, 'utf8')).toBe('png');
    expect(calls.map(rel)).toEqual(['sync photo.png', 'sync .']);
  });

  it('on a full disk, removes the partial file and rethrows ENOSPC; the files already there are kept', async () => {
    writeFileSync(path.join(root, 'old.png'), 'ancienne');
    failWrite = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    await expect(writeFileDurably(path.join(root, 'new.png'), Buffer.alloc(1024, 1))).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(readdirSync(root)).toEqual(['old.png']);
    expect(readFileSync(path.join(root, 'old.png'), 'utf8')).toBe('ancienne');
    expect(existsSync(path.join(root, 'new.png'))).toBe(false);
  });
});
