import { companyInputSchema, joinRequestSchema } from '@app/contracts/company';
import type { z } from 'zod';

/** The rules live in contracts, shared with the company forms of the web app. */
export const createCompanyBody = companyInputSchema;
export const updateCompanyBody = companyInputSchema.partial();
export const requestToJoinBody = joinRequestSchema;

export type CreateCompanyInput = z.infer<typeof createCompanyBody>;
export type UpdateCompanyInput = z.infer<typeof updateCompanyBody>;
export type RequestToJoinInput = z.infer<typeof requestToJoinBody>;
