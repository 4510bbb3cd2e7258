import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { knowsSchemaMessage, SCHEMA_MESSAGE_TEXTS } from '@app/contracts/i18n/schema-messages';
import { describe, expect, it } from 'vitest';

/**
 * Every message a schema author writes has its translations in the schemas' table
 * (`@app/contracts/i18n/schema-messages`): this test reads the sources of the API and of
 * the contracts that import zod, finds each text written where zod takes a message, and
 * fails on one the table does not know. A "message place" is a `message:` or `error:` property, or a direct
 * argument of a zod check (`.min(1, '…')`, `.refine(fn, '…')`, `z.number('…')`) or of a
 * schema helper that takes a message or a field's name (`recordIdSchema('…')`, `day('…')`).
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SOURCES = ['apps/api/src', 'packages/contracts/src'];
/** The environment's checks (config.ts) speak to the operator at start-up, never to a caller. */
const NOT_USER_FACING = new Set(['apps/api/src/config.ts']);

const MESSAGE_CALLS = new Set([
  // zod's checks and constructors that take a message
  'min', 'max', 'length', 'int', 'positive', 'nonnegative', 'negative', 'nonpositive', 'gt', 'gte', 'lt', 'lte', 'multipleOf',
  'regex', 'email', 'url', 'uuid', 'refine', 'nonempty', 'datetime', 'date', 'time', 'string', 'number', 'boolean', 'enum', 'array',
  'object', 'bigint',
  // the schemas' helpers whose argument becomes a message or a field's name in one
  'idField', 'recordIdSchema', 'optionalId', 'day', 'dayField', 'id', 'amount',
]);

interface Written {
  text: string;
  /** `${…}` parts of a template literal, as `{{}}`. */
  hasExpressions: boolean;
  at: string;
}

/** `message: '…'`, `error: '…'`, and either branch of `message: cond ? '…' : '…'`. */
const IN_MESSAGE_PROPERTY = [/\b(message|error)\s*:\s*$/, /\b(message|error)\s*:[^,{}()\n]*\?\s*$/, /\b(message|error)\s*:[^,{}()\n]*\?[^,{}()\n]*:\s*$/];

/**
 * The texts written in message places of one source (a small lexer: strings, comments,
 * regex literals, brackets), and the text of a constant of the file named in one
 * (`const ID_MESSAGE = '…'` then `{ message: ID_MESSAGE }`).
 */
function messagesOf(src: string, file: string): Written[] {
  const found: Written[] = [];
  const namedConstants = new Set<string>();
  const stack: Array<{ callee: string }> = [];
  const inMessagePlace = (start: number, end: number) => {
    const before = src.slice(Math.max(0, start - 200), start);
    const previous = src.slice(0, start).trimEnd().slice(-1);
    const next = src.slice(end).trimStart()[0] ?? '';
    const top = stack[stack.length - 1];
    const isArgument = top !== undefined && MESSAGE_CALLS.has(top.callee) && '(,'.includes(previous) && ',)'.includes(next);
    return isArgument || IN_MESSAGE_PROPERTY.some((pattern) => pattern.test(before));
  };
  let lastSignificant = '';
  let lastIdentifier = '';
  let i = 0;
  while (i < src.length) {
    const c = src[i] as string;
    if (c === '/' && src[i + 1] === '/') {
      i = src.indexOf('\n', i);
      if (i < 0) break;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      i = src.indexOf('*/', i + 2) + 2;
      continue;
    }
    if (c === '/' && (lastSignificant === '' || '(,=:[!&|?{};'.includes(lastSignificant))) {
      // A regular expression literal: skip it whole (its brackets and quotes are not code).
      let inClass = false;
      for (i++; i < src.length; i++) {
        if (src[i] === '\\') i++;
        else if (src[i] === '[') inClass = true;
        else if (src[i] === ']') inClass = false;
        else if (src[i] === '/' && !inClass) break;
      }
      i++;
      lastSignificant = '/';
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      const start = i;
      let text = '';
      let hasExpressions = false;
      for (i++; i < src.length && src[i] !== c; ) {
        if (src[i] === '\\') {
          text += src[i + 1];
          i += 2;
        } else if (c === '`' && src[i] === '$' && src[i + 1] === '{') {
          let depth = 1;
          for (i += 2; i < src.length && depth > 0; i++) {
            if (src[i] === '{') depth++;
            else if (src[i] === '}') depth--;
            else if (src[i] === "'" || src[i] === '"') {
              const quote = src[i];
              for (i++; src[i] !== quote; i++) if (src[i] === '\\') i++;
            }
          }
          text += '{{}}';
          hasExpressions = true;
        } else {
          text += src[i];
          i++;
        }
      }
      i++;
      if (inMessagePlace(start, i) && /\p{L}/u.test(text)) {
        found.push({ text, hasExpressions, at: `${file}:${src.slice(0, start).split('\n').length}` });
      }
      lastSignificant = 's';
      continue;
    }
    if (c === '(' || c === '[' || c === '{') {
      stack.push({ callee: c === '(' ? lastIdentifier : '' });
      lastSignificant = c;
      lastIdentifier = '';
    } else if (c === ')' || c === ']' || c === '}') {
      stack.pop();
      lastSignificant = c;
      lastIdentifier = '';
    } else if (/[A-Za-z_$]/.test(c)) {
      let end = i;
      while (end < src.length && /[\w$]/.test(src[end] as string)) end++;
      lastIdentifier = src.slice(i, end);
      if (inMessagePlace(i, end)) namedConstants.add(lastIdentifier);
      lastSignificant = 'w';
      i = end;
      continue;
    } else if (!/\s/.test(c)) {
      lastSignificant = c;
      if (c !== '.') lastIdentifier = '';
    }
    i++;
  }
  for (const name of namedConstants) {
    const constant = new RegExp(`const ${name}\\s*=\\s*(['"])((?:\\\\.|(?!\\1).)*)\\1`).exec(src);
    if (constant) found.push({ text: constant[2] as string, hasExpressions: false, at: `${file} ${name}` });
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !/\.test(-helpers)?\.ts$/.test(entry.name) ? [path] : [];
  });
}

function writtenMessages(): Written[] {
  return SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir)))
    .map((path) => ({ path, file: relative(ROOT, path), src: readFileSync(path, 'utf8') }))
    .filter(({ file, src }) => !NOT_USER_FACING.has(file) && /from 'zod'/.test(src))
    .flatMap(({ file, src }) => messagesOf(src, file));
}

const wildcards = (text: string) => text.replace(/\{\{\w*\}\}/g, '{{}}');
const templates = new Set(Object.keys(SCHEMA_MESSAGE_TEXTS).map(wildcards));

describe('schema authors’ messages', () => {
  const written = writtenMessages();

  it('are found in the sources (the scan itself works)', () => {
    expect(written.length).toBeGreaterThan(400);
    expect(written.map((w) => w.text)).toContain('La page doit être un nombre.');
    expect(written.map((w) => w.text)).toContain('{{}} doit être un identifiant.');
  });

  it('each have their translations in the schemas’ table', () => {
    const unknown = written
      .filter((w) => (w.hasExpressions ? !templates.has(wildcards(w.text)) : !knowsSchemaMessage(w.text)))
      .map((w) => `${w.at}: ${w.text}`);
    expect(unknown, 'add these to packages/contracts/src/i18n/schema-message-texts.ts').toEqual([]);
  });

  it('notice a new message written where zod takes one', () => {
    const template = ['`Au plus $', '{n} fois`'].join('');
    const src = [
      "import { z } from 'zod';",
      "const TOO_LONG = 'Bien trop long';",
      `const a = z.string().min(2, 'Un message tout neuf').max(9, TOO_LONG).refine((v) => v !== 'x', { message: ${template} });`,
      "const b = z.number().superRefine((v, ctx) => ctx.addIssue({ code: 'custom', message: v > 1 ? 'Trop grand' : 'Trop petit' }));",
    ].join('\n');
    expect(messagesOf(src, 'new.ts').map((w) => w.text)).toEqual(['Un message tout neuf', 'Au plus {{}} fois', 'Trop grand', 'Trop petit', 'Bien trop long']);
  });
});
