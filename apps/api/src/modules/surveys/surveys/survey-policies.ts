import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { surveyPolicies } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { requireCompany, requirePermission } from '../../tenancy/companies/tenancy';

export interface SurveyPolicy {
  publication_requires_approval: boolean;
}

const DEFAULT_POLICY: SurveyPolicy = { publication_requires_approval: false };

export async function findSurveyPolicy(db: Database, companyId: number): Promise<SurveyPolicy> {
  const [row] = await db.orm
    .select({ publication_requires_approval: surveyPolicies.publication_requires_approval })
    .from(surveyPolicies)
    .where(eq(surveyPolicies.company_id, companyId));
  return row ?? DEFAULT_POLICY;
}

/** The active company's survey rules (any member who may list surveys reads them). */
export async function getSurveyPolicy(ctx: RequestContext): Promise<SurveyPolicy> {
  requirePermission(ctx, 'surveys.list');
  const { companyId } = requireCompany(ctx);
  return findSurveyPolicy(ctx.db, companyId);
}

/** Changes the active company's survey rules (permission companies.update). */
export async function setSurveyPolicy(ctx: RequestContext, input: SurveyPolicy): Promise<SurveyPolicy> {
  requirePermission(ctx, 'companies.update');
  const { companyId } = requireCompany(ctx);
  const values = { publication_requires_approval: input.publication_requires_approval, updated_at: new Date() };
  await ctx.db.orm
    .insert(surveyPolicies)
    .values({ company_id: companyId, ...values })
    .onConflictDoUpdate({ target: surveyPolicies.company_id, set: values });
  return findSurveyPolicy(ctx.db, companyId);
}
