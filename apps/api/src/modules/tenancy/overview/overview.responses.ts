import type { CompanyOverview } from '@app/contracts/company';
import { SURVEY_TARGET_KINDS } from '@app/contracts';
import type { Scorecard, SiteScorecard } from '@app/contracts/scorecards';
import { z } from 'zod';

/**
 * The dashboards' answers (contracts `CompanyOverview`, `Scorecard`, `SiteScorecard`) as
 * zod schemas, declared as the overview routes' responses. Typed against the contracts'
 * interfaces so a field added there without a schema here fails to compile.
 */
const count = z.number().int();
const targetKind = z.enum(SURVEY_TARGET_KINDS);

export const scoreStatsShape = {
  count,
  validated: count,
  scored: count,
  average: z.number().nullable(),
  stddev: z.number().nullable(),
};
const groupRows = z.object({ rows: z.array(z.object({ id: z.number().int(), name: z.string().nullable(), ...scoreStatsShape })), total: count });
const targetRow = z.object({ kind: targetKind, id: z.number().int(), name: z.string().nullable(), site_id: z.number().int().nullable(), ...scoreStatsShape });

export const scorecardSchema: z.ZodType<Scorecard> = z.object({
  filters: z.object({
    from: z.string().describe('Date (YYYY-MM-DD)'),
    to: z.string().describe('Date (YYYY-MM-DD)'),
    survey_id: z.number().int().nullable(),
    zone_id: z.number().int().nullable(),
    target_kind: targetKind.nullable(),
    granularity: z.enum(['day', 'week']),
  }),
  computed_at: z.string(),
  last_change_at: z.string().nullable(),
  totals: z.object({ ...scoreStatsShape, targets: count }),
  trend: z.array(z.object({ period: z.string(), ...scoreStatsShape })),
  distribution: z.array(z.object({ index: count, label: z.string(), count })),
  top: z.array(targetRow),
  bottom: z.array(targetRow),
  by_kind: z.array(z.object({ kind: targetKind, ...scoreStatsShape })),
  by_site: groupRows,
  by_town: groupRows,
  by_region: groupRows,
  surveys: z.array(z.object({ id: z.number().int(), title: z.string(), count })),
});

export const companyOverviewSchema: z.ZodType<CompanyOverview> = z.object({
  company: z.object({ id: z.number().int(), name: z.string(), code: z.string(), logo: z.string().nullable() }),
  surveys: z.object({ total: count, by_status: z.record(z.string(), count) }).optional(),
  participations: z
    .object({
      this_week: count,
      to_review: count,
      latest: z.array(
        z.object({
          id: z.number().int(),
          survey_id: z.number().int(),
          survey_title: z.string(),
          status: z.string(),
          respondent: z.string().nullable(),
          created_at: z.string(),
        }),
      ),
    })
    .optional(),
  agents: z.object({ active: count, suspended: count, invited: count }).optional(),
  approvals: z.object({ pending: count }).optional(),
  invitations: z.object({ pending: count }).optional(),
  scores: scorecardSchema.optional(),
});

export const siteScorecardSchema: z.ZodType<SiteScorecard> = z.object({
  site: z.object({
    id: z.number().int(),
    name: z.string(),
    code: z.string(),
    zone_id: z.number().int().nullable(),
    town: z.string().nullable(),
    region: z.string().nullable(),
  }),
  scores: scorecardSchema,
});
