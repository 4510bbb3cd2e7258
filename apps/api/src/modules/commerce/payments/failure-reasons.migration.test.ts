import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../../db/client';
import { transactions } from '../../../db/schema';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, callIn, createOwner, type Session } from '../../tenancy/companies/tenancy.test-support';

// Migration 0034: the French sentences stored as failure reasons before the codes become
// the codes, so old failed payments are read in each reader's language too.
const MIGRATION = readFileSync(path.join(migrationsFolder, '0034_failure_reason_codes.sql'), 'utf8');

let t: TestApp;
let owner: Session;
let companyId: number;
beforeAll(async () => {
  t = await openTestApp();
  const created = await createOwner(t, 'Boutique Anciens Motifs');
  owner = created.session;
  companyId = created.company.id;
});
afterAll(() => t.close());

/** A failed transaction as the API stored it before the codes. */
async function failedWith(reason: string | null): Promise<number> {
  const [row] = await t.db.orm
    .insert(transactions)
    .values({
      company_id: companyId,
      kind: 'invoice',
      target_id: 1,
      provider: 'mtn_momo',
      payer_phone: '670000003',
      amount: 1000,
      currency: 'XAF',
      status: 'failed',
      client_key: randomUUID(),
      callback_secret_hash: '0'.repeat(64),
      failure_reason: reason,
      settled_by: 'poll',
      expires_at: new Date(),
      settled_at: new Date(),
      created_by: owner.userId,
    })
    .returning({ id: transactions.id });
  return row.id;
}

const runMigration = () => t.db.rows(sql.raw(MIGRATION));

describe('migration 0034: failure reasons stored in French become codes', () => {
  it('maps every sentence the API stored, the operator’s word kept, and leaves the rest', async () => {
    const cases: Array<[string | null, string | null]> = [
      ['Paiement refusé par le payeur.', 'payer_rejected'],
      ['Solde insuffisant.', 'insufficient_funds'],
      ['Numéro inconnu de l’opérateur.', 'payer_unknown'],
      ['Le payeur n’a pas répondu à temps.', 'payer_timeout'],
      ['Paiement annulé.', 'cancelled'],
      ['Erreur de l’opérateur.', 'operator_error'],
      ['Demande inconnue de l’opérateur.', 'request_unknown'],
      ['Paiement refusé par l’opérateur (RISK_BLOCKED).', 'operator_refused:RISK_BLOCKED'],
      ['Paiement refusé par l’opérateur ().', 'operator_refused'],
      ["Paiement refusé par l'opérateur (LIMIT).", 'operator_refused:LIMIT'],
      ['MTN MoMo a refusé la demande (400).', 'request_refused:400'],
      ['Orange Money a refusé la demande (INVALID_MSISDN).', 'request_refused:INVALID_MSISDN'],
      ['Orange Money : jeton refusé (401).', 'request_refused:401'],
      ['MTN MoMo : jeton refusé (503).', 'operator_unreachable'],
      ['Orange Money a refusé l’initialisation (502).', 'operator_unreachable'],
      ['Orange Money a refusé l’initialisation (400).', 'request_refused:400'],
      ['Opérateur injoignable (TimeoutError).', 'operator_unreachable'],
      ['MTN MoMo : erreur de l’opérateur (500).', 'operator_error'],
      // Already a code, unknown, or none: unchanged.
      ['insufficient_funds', 'insufficient_funds'],
      ['operator_refused:Solde insuffisant.', 'operator_refused:Solde insuffisant.'],
      ['Une phrase que l’API n’a jamais écrite.', 'Une phrase que l’API n’a jamais écrite.'],
      [null, null],
    ];
    const ids = [];
    for (const [stored] of cases) ids.push(await failedWith(stored));
    await runMigration();
    const rows = await t.db.orm.select({ id: transactions.id, reason: transactions.failure_reason }).from(transactions).where(inArray(transactions.id, ids));
    const reasonOf = new Map(rows.map((row) => [row.id, row.reason]));
    expect(ids.map((id) => reasonOf.get(id))).toEqual(cases.map(([, code]) => code));
    // Running it again changes nothing.
    await runMigration();
    const again = await t.db.orm.select({ id: transactions.id, reason: transactions.failure_reason }).from(transactions).where(inArray(transactions.id, ids));
    expect(new Map(again.map((row) => [row.id, row.reason]))).toEqual(reasonOf);
  });

  it('an old failed payment is then read in the reader’s language', async () => {
    const id = await failedWith('Paiement refusé par l’opérateur (RISK_BLOCKED).');
    await runMigration();
    const inEnglish = await callIn(t, 'en', 'GET', `transactions/${id}`, owner);
    expect(inEnglish.status).toBe(200);
    expect(inEnglish.body.data.failure_reason).toBe('Payment refused by the operator (RISK_BLOCKED).');
    const inFrench = await call(t, 'GET', `transactions/${id}`, owner);
    expect(inFrench.body.data.failure_reason).toBe('Paiement refusé par l’opérateur (RISK_BLOCKED).');
  });
});
