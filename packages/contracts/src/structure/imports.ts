import { z } from 'zod';
import { EMAIL_PATTERN, normalizeMobile } from '../validation';
import { freeCodeField, nameField } from './common';
import { WORKSPACE_KINDS } from './workspaces';

/** Largest import file and row count accepted in one request. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_KINDS = ['agents', 'workspaces'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The columns of each import file, in order: the key, then the French header (other languages: import-headers.ts). */
export const IMPORT_COLUMNS: Record<ImportKind, ReadonlyArray<{ key: string; header: string }>> = {
  agents: [
    { key: 'first_name', header: 'Prénom' },
    { key: 'last_name', header: 'Nom' },
    { key: 'email', header: 'E-mail' },
    { key: 'phone', header: 'Téléphone' },
    { key: 'job', header: 'Fonction' },
  ],
  workspaces: [
    { key: 'name', header: 'Nom' },
    { key: 'code', header: 'Code' },
    { key: 'site_code', header: 'Code du site' },
    { key: 'kind', header: 'Type' },
  ],
};

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** One row of an agents file: a person to invite, reached by e-mail or mobile phone. */
export const agentImportRow = z
  .object({
    first_name: nameField,
    last_name: nameField,
    email: optional(z.string().trim().regex(EMAIL_PATTERN, "L'adresse e-mail n'est pas valide").transform((v) => v.toLowerCase())),
    phone: optional(
      z
        .string()
        .trim()
        .transform((v, ctx) => {
          const phone = normalizeMobile(v);
          if (!phone) ctx.addIssue({ code: 'custom', message: "Le numéro de téléphone mobile n'est pas valide" });
          return phone ?? v;
        }),
    ),
    job: optional(z.string().trim().max(120, 'La fonction ne peut dépasser 120 caractères')),
  })
  .refine((v) => Boolean(v.email || v.phone), { message: "L'e-mail ou le téléphone est obligatoire", path: ['email'] });
export type AgentImportRow = z.infer<typeof agentImportRow>;

/** One row of a workspaces file; the site is named by its code. */
export const workspaceImportRow = z.object({
  name: nameField,
  code: freeCodeField,
  site_code: z
    .string({ message: 'Le code du site est obligatoire' })
    .trim()
    .min(1, 'Le code du site est obligatoire')
    .transform((v) => v.toUpperCase()),
  kind: optional(z.enum(WORKSPACE_KINDS, { message: 'Type inconnu (counter, desk, shop, room ou other)' })),
});
export type WorkspaceImportRow = z.infer<typeof workspaceImportRow>;

/**
 * The key of a wrong row in a refused file's `errors` (422 `import_rejected`): `row_5` in
 * every language, so a client can read the row number; only the messages are translated.
 */
export function importRowKey(row: number): string {
  return `row_${row}`;
}

/** The row number of a refusal's `errors` key, or null for a key that names no row (`file`). */
export function importRowOfKey(key: string): number | null {
  const match = /^row_(\d+)$/.exec(key);
  return match ? Number(match[1]) : null;
}

/** A wrong row of a refused file, told in the caller's language. */
export interface ImportRowError {
  /** The row number as the spreadsheet shows it (the header is row 1). */
  row: number;
  /** The column's header in the caller's language. */
  column: string;
  message: string;
}

export interface ImportReport {
  kind: ImportKind;
  rows: number;
  created: number;
  /** Rows that changed an existing record (workspaces with the same code). */
  updated: number;
  /** Rows already present (same e-mail or phone, same code): left as they are. */
  skipped: number;
  /** The same file was already imported: nothing was done again. */
  already_imported: boolean;
}
