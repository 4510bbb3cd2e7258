import { PassThrough } from 'node:stream';
import { pickLocale } from '@app/contracts';
import type { SurveyTargetKind } from '@app/contracts/surveys';
import { type CodedTargetKind, type TargetLink, targetPublicPath, targetSessionPath } from '@app/contracts/targets';
import { eq } from 'drizzle-orm';
import { companies } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { notFound, validationFailed } from '../../../http/errors';
import { requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { renderSheetQrPng } from '../qrcodes/qrcode.service';
import { ensureTargetCodes } from './target-codes.repository';
import { renderTargetSheet, type SheetItem } from './target-sheet.document';
import { targetSheetText } from './target-sheet.texts';
import { listTargets, loadTarget, loadTargets, TARGET_BATCH_LIMIT, type TargetRow } from './targets.repository';

/** The permission that shows objects of a kind also shows their codes. */
const SHOW_PERMISSION: Record<SurveyTargetKind, string> = {
  agent: 'agents.show',
  group: 'groups.show',
  site: 'sites.show',
  workspace: 'workspaces.show',
  audience: 'audiences.show',
  company: 'companies.show',
};

function authorizeKind(ctx: RequestContext, kind: SurveyTargetKind): number {
  requirePermission(ctx, SHOW_PERMISSION[kind]);
  return requireCompany(ctx).companyId;
}

/** Public codes of loaded targets (the company's own code for the company). */
async function codesOf(ctx: RequestContext, companyId: number, kind: SurveyTargetKind, rows: TargetRow[]): Promise<Map<number, string>> {
  if (kind === 'company') {
    const [company] = await ctx.db.orm.select({ code: companies.code }).from(companies).where(eq(companies.id, companyId));
    return new Map(rows.map((r) => [r.id, company.code]));
  }
  return ensureTargetCodes(
    ctx.db,
    companyId,
    kind as CodedTargetKind,
    rows.map((r) => r.id),
  );
}

function linkOf(kind: SurveyTargetKind, row: TargetRow, code: string, baseUrl: string): TargetLink {
  const path = targetPublicPath(kind, code);
  return {
    kind,
    id: row.id,
    name: row.name,
    site: row.site_id !== null && kind !== 'site' ? { id: row.site_id, name: row.site_name ?? '' } : null,
    code,
    path,
    url: `${baseUrl.replace(/\/+$/, '')}${path}`,
    qrcode: { png: `targets/${kind}/${row.id}/qrcode.png`, svg: `targets/${kind}/${row.id}/qrcode.svg` },
  };
}

/** GET targets/{kind}/{id}/link: the target's public code, link and QR code addresses. */
export async function targetLink(ctx: RequestContext, kind: SurveyTargetKind, id: number, baseUrl: string): Promise<TargetLink> {
  const companyId = authorizeKind(ctx, kind);
  const row = await loadTarget(ctx.db, companyId, kind, id);
  if (!row) throw notFound();
  const code = (await codesOf(ctx, companyId, kind, [row])).get(row.id)!;
  return linkOf(kind, row, code, baseUrl);
}

/** The signed-in landing path of a target, for pages that open it inside the app. */
export function targetSessionLink(sessionId: string, link: TargetLink): string {
  return targetSessionPath(sessionId, link.kind, link.id, link.code);
}

export interface SheetSelection {
  siteId: number | null;
  ids: number[] | null;
}

/**
 * GET targets/{kind}/qrcodes.pdf: a printable sheet of the company's targets of a kind,
 * those given by id, or those of a site (every workspace of a site), or all of the kind;
 * at most TARGET_BATCH_LIMIT, a larger set is a 422 (never part of it printed). Unknown or
 * foreign ids are a 404, as a single one would be. Everything that can refuse is checked
 * before the answer starts; the pages are then drawn into it as the client reads them.
 */
export async function targetSheet(
  ctx: RequestContext,
  kind: SurveyTargetKind,
  selection: SheetSelection,
  baseUrl: string,
  onError: (error: unknown) => void,
): Promise<{ filename: string; stream: NodeJS.ReadableStream }> {
  const companyId = authorizeKind(ctx, kind);
  let rows: TargetRow[];
  let siteName: string | null = null;
  if (selection.ids) {
    const unique = [...new Set(selection.ids)];
    rows = await loadTargets(ctx.db, companyId, kind, unique);
    if (rows.length !== unique.length) throw notFound();
  } else {
    if (selection.siteId !== null) {
      const site = await loadTarget(ctx.db, companyId, 'site', selection.siteId);
      if (!site) throw notFound();
      siteName = site.name;
    }
    rows = await listTargets(ctx.db, companyId, kind, selection.siteId, TARGET_BATCH_LIMIT + 1);
    if (rows.length > TARGET_BATCH_LIMIT) {
      const message = `Plus de ${TARGET_BATCH_LIMIT} objets à imprimer : choisissez-les par site ou par sélection.`;
      throw validationFailed({ ids: [message] }, message);
    }
  }
  if (rows.length === 0) throw validationFailed({ ids: ['Aucun objet à imprimer : la sélection est vide.'] }, 'Aucun objet à imprimer.');
  const codes = await codesOf(ctx, companyId, kind, rows);
  const [company] = await ctx.db.orm.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  const items: SheetItem[] = rows.map((row) => {
    const link = linkOf(kind, row, codes.get(row.id)!, baseUrl);
    return { name: row.name, subtitle: link.site?.name ?? null, code: link.code, url: link.url };
  });
  const stream = new PassThrough();
  // The sheet's words and date in the language of the person who prints it; names as typed.
  const say = (key: Parameters<typeof targetSheetText>[1], values?: Record<string, string | number>) => targetSheetText(ctx.locale, key, values);
  const kinds = say(`many_${kind}`);
  const date = new Intl.DateTimeFormat(pickLocale(ctx.locale), { timeZone: 'Africa/Douala', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  const sheet = {
    title: siteName === null ? say('title', { kinds }) : say('titleAtSite', { kinds, site: siteName }),
    companyName: company.name,
    items,
    header: (page: number, count: number) => say('header', { company: company.name, page, count, date }),
    codeLine: (code: string) => say('code', { code }),
  };
  renderTargetSheet(sheet, stream, renderSheetQrPng).catch(
    (error) => {
      onError(error);
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return { filename: `qr-codes-${kind}.pdf`, stream };
}

export { TARGET_BATCH_LIMIT };
