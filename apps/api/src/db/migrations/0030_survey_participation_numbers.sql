-- A participation's number in its survey (1, 2, 3… per survey), beside its number in the
-- company (0022): the survey's participations panel shows the first (issue 17). One
-- counter row per survey, moved by the same insert trigger in the inserting transaction;
-- the company's counter row is already held there, so this adds no wait.
CREATE TABLE "survey_participation_counters" (
	"survey_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "survey_participation_counters" ADD CONSTRAINT "survey_participation_counters_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "survey_number" integer;
--> statement-breakpoint
CREATE UNIQUE INDEX "participations_survey_number_unique" ON "participations" USING btree ("survey_id","survey_number");
--> statement-breakpoint
-- Participations written before: numbered per survey in the order they came (by id); the
-- number moves nothing the scores and results count, so their update triggers sit out.
ALTER TABLE "participations" DISABLE TRIGGER score_days_on_update;
--> statement-breakpoint
ALTER TABLE "participations" DISABLE TRIGGER result_parts_on_update;
--> statement-breakpoint
UPDATE "participations" p SET "survey_number" = o.n
  FROM (SELECT id, row_number() OVER (PARTITION BY survey_id ORDER BY id)::int AS n FROM "participations") o
  WHERE o.id = p.id;
--> statement-breakpoint
ALTER TABLE "participations" ENABLE TRIGGER score_days_on_update;
--> statement-breakpoint
ALTER TABLE "participations" ENABLE TRIGGER result_parts_on_update;
--> statement-breakpoint
INSERT INTO "survey_participation_counters" (survey_id, last_number)
SELECT survey_id, max("survey_number") FROM "participations" GROUP BY survey_id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION participation_number_assign() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.number IS NULL THEN
    INSERT INTO participation_counters AS c (company_id, last_number) VALUES (NEW.company_id, 1)
    ON CONFLICT (company_id) DO UPDATE SET last_number = c.last_number + 1
    RETURNING c.last_number INTO NEW.number;
  END IF;
  IF NEW.survey_number IS NULL THEN
    INSERT INTO survey_participation_counters AS s (survey_id, last_number) VALUES (NEW.survey_id, 1)
    ON CONFLICT (survey_id) DO UPDATE SET last_number = s.last_number + 1
    RETURNING s.last_number INTO NEW.survey_number;
  END IF;
  RETURN NEW;
END $$;
