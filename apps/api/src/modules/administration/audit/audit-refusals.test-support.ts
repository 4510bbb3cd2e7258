import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app';

/**
 * Makes the audit write fail on demand, to prove that an action commits with its audit
 * entry or not at all: a trigger of the test file's own database refuses the entries about
 * the objects named in `test_audit_refusals` (object 0: every object of that type).
 * Install once per file, in beforeAll; clear after each test.
 */
export async function installAuditRefusals(t: TestApp): Promise<void> {
  await t.db.rows(sql`CREATE TABLE test_audit_refusals (object_type text NOT NULL, object_id int NOT NULL)`);
  await t.db.rows(
    sql.raw(`CREATE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM test_audit_refusals r WHERE r.object_type = NEW.object_type AND r.object_id IN (0, NEW.object_id)) THEN
          RAISE EXCEPTION 'audit write refused by the test';
        END IF;
        RETURN NEW;
      END $$`),
  );
  await t.db.rows(sql`CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()`);
}

/** From now on, the audit entries about this object (0: any object of the type) are refused. */
export function refuseAuditOf(t: TestApp, objectType: string, objectId = 0) {
  return t.db.rows(sql`INSERT INTO test_audit_refusals VALUES (${objectType}, ${objectId})`);
}

/** Audit entries are written again. */
export function clearAuditRefusals(t: TestApp) {
  return t.db.rows(sql`DELETE FROM test_audit_refusals`);
}
