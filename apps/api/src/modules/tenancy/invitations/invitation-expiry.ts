import { type SQL, sql } from 'drizzle-orm';
import { invitations } from '../../../db/schema';

/**
 * An invitation waits for its answer, and holds a seat of its company (commerce usage.ts),
 * while it is pending and its expiry is ahead, on the DATABASE's clock. Every reader uses
 * it (the seat count, the guest's list, the answer, the code, the resend, the import) and
 * every writer dates an expiry on it (`expiryIn`): an API process whose clock drifts from
 * the others' can never let a guest accept an invitation the seat count already freed,
 * nor turn away one it still counts.
 */
export const invitationIsOpen = (): SQL => sql`(${invitations.status} = 'pending' AND ${invitations.expires_at} > now())`;

/** Whether the row's expiry is past, on the same clock: a column to select with the row. */
export const invitationIsPastExpiry = (): SQL<boolean> => sql<boolean>`(${invitations.expires_at} <= now())`;

/** An expiry `days` ahead, on the same clock. */
export const expiryIn = (days: number): SQL => sql`now() + make_interval(days => ${days})`;
