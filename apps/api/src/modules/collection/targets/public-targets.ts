import type { SurveyTargetKind } from '@app/contracts/surveys';
import { CODED_TARGET_KINDS, type CodedTargetKind, LINK_TYPE_OF_KIND, type PublicTargetView, TARGET_CODE_PATTERN, targetPublicPath } from '@app/contracts/targets';
import { recordIdOf } from '@app/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { companies } from '../../../db/schema';
import { toPublicSurvey } from '../../surveys/surveys/survey-participation';
import { findOpenSurveys } from '../public/open-surveys';
import { registerPublicObject } from '../public/public-objects';
import { ensureTargetCodes, findTargetCode } from './target-codes.repository';
import { listTargets, loadTarget, type TargetRow } from './targets.repository';

/**
 * Targets a company's public page lists: places and teams (sites, workspaces, groups)
 * that an open evaluation survey rates. Agents and audiences are people: they are
 * reached by their own QR code, never listed to anyone who types a company code.
 */
const LISTED_KINDS: readonly CodedTargetKind[] = ['site', 'workspace', 'group'];
const LISTED_PER_KIND = 100;

export interface ListedTarget extends PublicTargetView {
  path: string;
}

function viewOf(kind: SurveyTargetKind, row: TargetRow, code: string): PublicTargetView {
  return {
    kind,
    id: row.id,
    code,
    name: row.name,
    photo: row.photo,
    site: row.site_id !== null && kind !== 'site' ? { id: row.site_id, name: row.site_name ?? '' } : null,
  };
}

/** The listed targets of the kinds the open surveys evaluate, with their public codes. */
export async function listedTargets(db: Database, companyId: number, openSurveys: ReadonlyArray<{ type: string; target_kind: string | null }>): Promise<ListedTarget[]> {
  const kinds = LISTED_KINDS.filter((kind) => openSurveys.some((s) => s.type === 'evaluation' && s.target_kind === kind));
  const out: ListedTarget[] = [];
  for (const kind of kinds) {
    const rows = await listTargets(db, companyId, kind, null, LISTED_PER_KIND);
    const codes = await ensureTargetCodes(
      db,
      companyId,
      kind,
      rows.map((r) => r.id),
    );
    for (const row of rows) {
      const code = codes.get(row.id)!;
      out.push({ ...viewOf(kind, row, code), path: targetPublicPath(kind, code) });
    }
  }
  return out;
}

async function activeCompany(db: Database, companyId: number) {
  const [row] = await db.orm
    .select({ id: companies.id, name: companies.name, code: companies.code, logo: companies.logo })
    .from(companies)
    .where(and(eq(companies.id, companyId), isNull(companies.deleted_at), eq(companies.status, 'active')));
  return row ?? null;
}

/**
 * `/m/{type}/{code}` of a target (`ag`, `gr`, `si`, `ws`, `au` or the long names): the
 * object the code names, its company, and the company's open evaluation surveys of that
 * kind. The code names one object of one company (target_codes is unique platform-wide),
 * so another company's survey is never offered. `extra` is the id of the signed-in link
 * `/{sessionID}/m/{type}/{id}/{code}`: when given it must be the code's object.
 */
for (const kind of [...CODED_TARGET_KINDS, 'target' as const]) {
  // `target`: a code of any kind (the page where someone types a code does not know which).
  registerPublicObject(kind === 'target' ? kind : [kind, LINK_TYPE_OF_KIND[kind]], async (ctx, code, extra) => {
    if (!TARGET_CODE_PATTERN.test(code.trim())) return null;
    const found = await findTargetCode(ctx.db, code);
    if (!found || (kind !== 'target' && found.kind !== kind)) return null;
    if (extra !== undefined && recordIdOf(extra) !== found.id) return null;
    const company = await activeCompany(ctx.db, found.company_id);
    const row = company && (await loadTarget(ctx.db, company.id, found.kind, found.id));
    if (!company || !row) return null;
    const surveys = await findOpenSurveys(ctx.db, company.id, found.kind);
    return { type: 'target', target: viewOf(found.kind, row, found.code), company, surveys: surveys.map(toPublicSurvey) };
  });
}
