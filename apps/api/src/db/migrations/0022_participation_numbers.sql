CREATE TABLE "participation_counters" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "participation_counters" ADD CONSTRAINT "participation_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "participations_company_number_unique" ON "participations" USING btree ("company_id","number");--> statement-breakpoint
-- Participations written before: numbered per company in the order they came (by id).
-- The number moves nothing the scores and results count: their update triggers sit out.
ALTER TABLE "participations" DISABLE TRIGGER score_days_on_update;
--> statement-breakpoint
ALTER TABLE "participations" DISABLE TRIGGER result_parts_on_update;
--> statement-breakpoint
UPDATE "participations" p SET "number" = o.n
  FROM (SELECT id, row_number() OVER (PARTITION BY company_id ORDER BY id)::int AS n FROM "participations") o
  WHERE o.id = p.id;
--> statement-breakpoint
ALTER TABLE "participations" ENABLE TRIGGER score_days_on_update;
--> statement-breakpoint
ALTER TABLE "participations" ENABLE TRIGGER result_parts_on_update;
--> statement-breakpoint
INSERT INTO "participation_counters" (company_id, last_number)
SELECT company_id, max("number") FROM "participations" GROUP BY company_id;
--> statement-breakpoint
-- Every new participation takes its company's next number, in the inserting transaction
-- (the counter row is held until it commits: numbers follow the commits of one company,
-- other companies never wait). A key retried concurrently may leave a gap, never a double.
CREATE FUNCTION participation_number_assign() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.number IS NULL THEN
    INSERT INTO participation_counters AS c (company_id, last_number) VALUES (NEW.company_id, 1)
    ON CONFLICT (company_id) DO UPDATE SET last_number = c.last_number + 1
    RETURNING c.last_number INTO NEW.number;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER participations_number BEFORE INSERT ON participations FOR EACH ROW EXECUTE FUNCTION participation_number_assign();
