CREATE TABLE "result_day_deltas" (
	"survey_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"question_id" integer DEFAULT 0 NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"num_key" double precision DEFAULT 0 NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"n_num" integer DEFAULT 0 NOT NULL,
	"num_sum" double precision DEFAULT 0 NOT NULL,
	"promoters" integer DEFAULT 0 NOT NULL,
	"detractors" integer DEFAULT 0 NOT NULL,
	"ord_sum" bigint DEFAULT 0 NOT NULL,
	"firsts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_days" (
	"survey_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"question_id" integer DEFAULT 0 NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"num_key" double precision DEFAULT 0 NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"n_num" integer DEFAULT 0 NOT NULL,
	"num_sum" double precision DEFAULT 0 NOT NULL,
	"promoters" integer DEFAULT 0 NOT NULL,
	"detractors" integer DEFAULT 0 NOT NULL,
	"ord_sum" bigint DEFAULT 0 NOT NULL,
	"firsts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "result_days_survey_id_kind_question_id_key_num_key_day_status_pk" PRIMARY KEY("survey_id","kind","question_id","key","num_key","day","status")
);
--> statement-breakpoint
CREATE INDEX "result_day_deltas_survey_idx" ON "result_day_deltas" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "result_days_empty_idx" ON "result_days" USING btree ("survey_id") WHERE n = 0;--> statement-breakpoint
CREATE INDEX "participations_survey_status_submitted_idx" ON "participations" USING btree ("survey_id","status","submitted_at") WHERE deleted_at IS NULL;--> statement-breakpoint
-- Hand-written below (drizzle has no words for them): what each row of participations and
-- answers adds to the parts of result_days (DOMAIN.md "result day part"), the triggers that
-- append those parts, signed, to result_day_deltas in the writing transaction, the fold
-- a results request runs, and the parts of the rows written before this migration.
-- The UTC day of a submission; '-infinity' for a participation never submitted.
CREATE FUNCTION result_day(ts timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT COALESCE((ts AT TIME ZONE 'UTC')::date, '-infinity'::date) $$;
--> statement-breakpoint
-- The parts one answer counts in (see schema/results.ts for the kinds). The same rule as
-- results.repository.ts' recount: numbers of any question, dates, choices with their
-- rank, matrix cells (a multiple-answer row holds a list of columns).
CREATE FUNCTION result_answer_parts(num float8, dt text, choices integer[], js jsonb)
RETURNS TABLE (kind text, key text, num_key float8, n integer, n_num integer, num_sum float8, promoters integer, detractors integer, ord_sum bigint, firsts integer)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'q', '', 0::float8, 1, (num IS NOT NULL)::int, COALESCE(num, 0), COALESCE((num >= 9)::int, 0), COALESCE((num <= 6)::int, 0), 0::bigint, 0
  UNION ALL
  -- + 0.0 makes -0 the same value as 0, as GROUP BY value_number does.
  SELECT 'v', '', num + 0.0, 1, 0, 0, 0, 0, 0, 0 WHERE num IS NOT NULL
  UNION ALL
  SELECT 'd', dt, 0, 1, 0, 0, 0, 0, 0, 0 WHERE dt IS NOT NULL
  UNION ALL
  SELECT 'c', '', c.id::float8, 1, 0, 0, 0, 0, c.ord, (c.ord = 1)::int FROM unnest(choices) WITH ORDINALITY AS c(id, ord) WHERE c.id IS NOT NULL
  UNION ALL
  SELECT 'm', jsonb_build_array(r.key, col.value)::text, 0, 1, 0, 0, 0, 0, 0, 0
    FROM jsonb_each(CASE WHEN jsonb_typeof(js) = 'object' THEN js END) AS r(key, cell)
   CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(r.cell) = 'array' THEN r.cell ELSE jsonb_build_array(r.cell) END) AS col(value)
$$;
--> statement-breakpoint
-- Every part of every live participation, from the raw rows: the fill, the rebuild
-- (result-days.rebuild.ts) and the partial first and last days of a results request.
CREATE VIEW result_parts AS
  SELECT p.survey_id, p.submitted_at, p.status, 'p'::text AS kind, 0 AS question_id, ''::text AS key, 0::float8 AS num_key, 1 AS n,
         (p.score IS NOT NULL)::int AS n_num, COALESCE(p.score, 0) AS num_sum, 0 AS promoters, 0 AS detractors, 0::bigint AS ord_sum, 0 AS firsts
    FROM participations p WHERE p.deleted_at IS NULL
  UNION ALL
  SELECT p.survey_id, p.submitted_at, p.status, x.kind, a.question_id, x.key, x.num_key, x.n, x.n_num, x.num_sum, x.promoters, x.detractors, x.ord_sum, x.firsts
    FROM participations p
    JOIN answers a ON a.participation_id = p.id AND a.survey_id = p.survey_id
   CROSS JOIN LATERAL result_answer_parts(a.value_number, a.value_date, a.value_choices, a.value_json) AS x
   WHERE p.deleted_at IS NULL;
--> statement-breakpoint
-- Answers written (submissions, drafts, contributors' edits, deletions): their parts,
-- signed, under their participation's current day and status. The participations are
-- locked FOR SHARE first, so a concurrent status change (which the participations
-- trigger applies to the answers it sees) waits for these answers or is seen by them.
CREATE FUNCTION result_parts_of_answers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM participations WHERE id IN (SELECT participation_id FROM result_new) ORDER BY id FOR SHARE;
    INSERT INTO result_day_deltas (survey_id, day, status, kind, question_id, key, num_key, n, n_num, num_sum, promoters, detractors, ord_sum, firsts)
    SELECT p.survey_id, result_day(p.submitted_at), p.status, x.kind, a.question_id, x.key, x.num_key,
           sum(x.n)::int, sum(x.n_num)::int, sum(x.num_sum), sum(x.promoters)::int, sum(x.detractors)::int, sum(x.ord_sum)::bigint, sum(x.firsts)::int
      FROM result_new a
      JOIN participations p ON p.id = a.participation_id AND p.survey_id = a.survey_id AND p.deleted_at IS NULL
     CROSS JOIN LATERAL result_answer_parts(a.value_number, a.value_date, a.value_choices, a.value_json) AS x
     GROUP BY 1, 2, 3, 4, 5, 6, 7;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM participations WHERE id IN (SELECT participation_id FROM result_old) ORDER BY id FOR SHARE;
    INSERT INTO result_day_deltas (survey_id, day, status, kind, question_id, key, num_key, n, n_num, num_sum, promoters, detractors, ord_sum, firsts)
    SELECT p.survey_id, result_day(p.submitted_at), p.status, x.kind, a.question_id, x.key, x.num_key,
           -sum(x.n)::int, -sum(x.n_num)::int, -sum(x.num_sum), -sum(x.promoters)::int, -sum(x.detractors)::int, -sum(x.ord_sum)::bigint, -sum(x.firsts)::int
      FROM result_old a
      JOIN participations p ON p.id = a.participation_id AND p.survey_id = a.survey_id AND p.deleted_at IS NULL
     CROSS JOIN LATERAL result_answer_parts(a.value_number, a.value_date, a.value_choices, a.value_json) AS x
     GROUP BY 1, 2, 3, 4, 5, 6, 7;
  ELSE
    PERFORM 1 FROM participations WHERE id IN (SELECT participation_id FROM result_new UNION SELECT participation_id FROM result_old) ORDER BY id FOR SHARE;
    INSERT INTO result_day_deltas (survey_id, day, status, kind, question_id, key, num_key, n, n_num, num_sum, promoters, detractors, ord_sum, firsts)
    SELECT p.survey_id, result_day(p.submitted_at), p.status, x.kind, a.question_id, x.key, x.num_key,
           sum(a.sign * x.n)::int, sum(a.sign * x.n_num)::int, sum(a.sign * x.num_sum), sum(a.sign * x.promoters)::int, sum(a.sign * x.detractors)::int,
           sum(a.sign * x.ord_sum)::bigint, sum(a.sign * x.firsts)::int
      FROM (SELECT participation_id, survey_id, question_id, value_number, value_date, value_choices, value_json, 1 AS sign FROM result_new
            UNION ALL
            SELECT participation_id, survey_id, question_id, value_number, value_date, value_choices, value_json, -1 AS sign FROM result_old) AS a
      JOIN participations p ON p.id = a.participation_id AND p.survey_id = a.survey_id AND p.deleted_at IS NULL
     CROSS JOIN LATERAL result_answer_parts(a.value_number, a.value_date, a.value_choices, a.value_json) AS x
     GROUP BY 1, 2, 3, 4, 5, 6, 7
    -- An answer saved again unchanged adds nothing.
    HAVING sum(a.sign * x.n) <> 0 OR sum(a.sign * x.n_num) <> 0 OR sum(a.sign * x.num_sum) <> 0 OR sum(a.sign * x.promoters) <> 0
        OR sum(a.sign * x.detractors) <> 0 OR sum(a.sign * x.ord_sum) <> 0 OR sum(a.sign * x.firsts) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Participations written: a new one counts (with any answers it already has); an update
-- that moves one to another survey, day or status, or (soft-)deletes or restores it,
-- takes its parts and its answers' parts from where it was and adds them where it is; a
-- new score changes its own part only.
CREATE FUNCTION result_parts_of_participations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO result_day_deltas (survey_id, day, status, kind, question_id, key, num_key, n, n_num, num_sum, promoters, detractors, ord_sum, firsts)
    SELECT survey_id, result_day(submitted_at), status, kind, question_id, key, num_key,
           sum(n)::int, sum(n_num)::int, sum(num_sum), sum(promoters)::int, sum(detractors)::int, sum(ord_sum)::bigint, sum(firsts)::int
      FROM (SELECT p.survey_id, p.submitted_at, p.status, 'p'::text AS kind, 0 AS question_id, ''::text AS key, 0::float8 AS num_key, 1 AS n,
                   (p.score IS NOT NULL)::int AS n_num, COALESCE(p.score, 0) AS num_sum, 0 AS promoters, 0 AS detractors, 0::bigint AS ord_sum, 0 AS firsts
              FROM result_new p WHERE p.deleted_at IS NULL
            UNION ALL
            SELECT p.survey_id, p.submitted_at, p.status, x.kind, a.question_id, x.key, x.num_key, x.n, x.n_num, x.num_sum, x.promoters, x.detractors, x.ord_sum, x.firsts
              FROM result_new p
              JOIN answers a ON a.participation_id = p.id AND a.survey_id = p.survey_id
             CROSS JOIN LATERAL result_answer_parts(a.value_number, a.value_date, a.value_choices, a.value_json) AS x
             WHERE p.deleted_at IS NULL) AS parts
     GROUP BY 1, 2, 3, 4, 5, 6, 7;
  ELSE
    INSERT INTO result_day_deltas (survey_id, day, status, kind, question_id, key, num_key, n, n_num, num_sum, promoters, detractors, ord_sum, firsts)
    WITH changed AS (
      SELECT o.id, o.survey_id AS old_survey, o.submitted_at AS old_at, o.status AS old_status, o.score AS old_score, o.deleted_at IS NULL AS old_live,
             n.survey_id AS new_survey, n.submitted_at AS new_at, n.status AS new_status, n.score AS new_score, n.deleted_at IS NULL AS new_live,
             (o.survey_id, result_day(o.submitted_at), o.status, o.deleted_at IS NULL)
               IS DISTINCT FROM (n.survey_id, result_day(n.submitted_at), n.status, n.deleted_at IS NULL) AS moved
        FROM result_old o JOIN result_new n ON n.id = o.id
    ), sides AS (
      SELECT id, old_survey AS survey_id, old_at AS submitted_at, old_status AS status, old_score AS score, -1 AS sign, moved
        FROM changed WHERE old_live AND (moved OR old_score IS DISTINCT FROM new_score)
      UNION ALL
      SELECT id, new_survey, new_at, new_status, new_score, 1, moved
        FROM changed WHERE new_live AND (moved OR old_score IS DISTINCT FROM new_score)
    )
    SELECT survey_id, result_day(submitted_at), status, kind, question_id, key, num_key,
           sum(sign * n)::int, sum(sign * n_num)::int, sum(sign * num_sum), sum(sign * promoters)::int, sum(sign * detractors)::int,
           sum(sign * ord_sum)::bigint, sum(sign * firsts)::int
      FROM (SELECT s.survey_id, s.submitted_at, s.status, s.sign, 'p'::text AS kind, 0 AS question_id, ''::text AS key, 0::float8 AS num_key, 1 AS n,
                   (s.score IS NOT NULL)::int AS n_num, COALESCE(s.score, 0) AS num_sum, 0 AS promoters, 0 AS detractors, 0::bigint AS ord_sum, 0 AS firsts
              FROM sides s
            UNION ALL
            SELECT s.survey_id, s.submitted_at, s.status, s.sign, x.kind, a.question_id, x.key, x.num_key, x.n, x.n_num, x.num_sum, x.promoters, x.detractors, x.ord_sum, x.firsts
              FROM sides s
              JOIN answers a ON a.participation_id = s.id AND a.survey_id = s.survey_id
             CROSS JOIN LATERAL result_answer_parts(a.value_number, a.value_date, a.value_choices, a.value_json) AS x
             WHERE s.moved) AS parts
     GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(sign * n) <> 0 OR sum(sign * n_num) <> 0 OR sum(sign * num_sum) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A participation deleted outright (DELETE, not deleted_at): its answers go by cascade
-- after the row, when the answers trigger no longer finds their day and status, so its
-- parts and its answers' are taken away here, before. Row by row, but deleting
-- participations outright is rare, and nothing is done when their survey is itself being
-- deleted (its rows go at once, result_parts_of_surveys).
CREATE FUNCTION result_parts_of_deleted_participation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS NULL AND EXISTS (SELECT 1 FROM surveys WHERE id = OLD.survey_id) THEN
    INSERT INTO result_day_deltas (survey_id, day, status, kind, question_id, key, num_key, n, n_num, num_sum, promoters, detractors, ord_sum, firsts)
    SELECT OLD.survey_id, result_day(OLD.submitted_at), OLD.status, kind, question_id, key, num_key,
           -sum(n)::int, -sum(n_num)::int, -sum(num_sum), -sum(promoters)::int, -sum(detractors)::int, -sum(ord_sum)::bigint, -sum(firsts)::int
      FROM (SELECT 'p'::text AS kind, 0 AS question_id, ''::text AS key, 0::float8 AS num_key, 1 AS n, (OLD.score IS NOT NULL)::int AS n_num,
                   COALESCE(OLD.score, 0) AS num_sum, 0 AS promoters, 0 AS detractors, 0::bigint AS ord_sum, 0 AS firsts
            UNION ALL
            SELECT x.kind, a.question_id, x.key, x.num_key, x.n, x.n_num, x.num_sum, x.promoters, x.detractors, x.ord_sum, x.firsts
              FROM answers a
             CROSS JOIN LATERAL result_answer_parts(a.value_number, a.value_date, a.value_choices, a.value_json) AS x
             WHERE a.participation_id = OLD.id AND a.survey_id = OLD.survey_id) AS parts
     GROUP BY kind, question_id, key, num_key;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE FUNCTION result_parts_of_surveys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM result_days WHERE survey_id IN (SELECT id FROM result_old);
  DELETE FROM result_day_deltas WHERE survey_id IN (SELECT id FROM result_old);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER result_parts_on_insert AFTER INSERT ON answers REFERENCING NEW TABLE AS result_new FOR EACH STATEMENT EXECUTE FUNCTION result_parts_of_answers();
--> statement-breakpoint
CREATE TRIGGER result_parts_on_update AFTER UPDATE ON answers REFERENCING OLD TABLE AS result_old NEW TABLE AS result_new FOR EACH STATEMENT EXECUTE FUNCTION result_parts_of_answers();
--> statement-breakpoint
CREATE TRIGGER result_parts_on_delete AFTER DELETE ON answers REFERENCING OLD TABLE AS result_old FOR EACH STATEMENT EXECUTE FUNCTION result_parts_of_answers();
--> statement-breakpoint
CREATE TRIGGER result_parts_on_insert AFTER INSERT ON participations REFERENCING NEW TABLE AS result_new FOR EACH STATEMENT EXECUTE FUNCTION result_parts_of_participations();
--> statement-breakpoint
CREATE TRIGGER result_parts_on_update AFTER UPDATE ON participations REFERENCING OLD TABLE AS result_old NEW TABLE AS result_new FOR EACH STATEMENT EXECUTE FUNCTION result_parts_of_participations();
--> statement-breakpoint
CREATE TRIGGER result_parts_on_delete BEFORE DELETE ON participations FOR EACH ROW EXECUTE FUNCTION result_parts_of_deleted_participation();
--> statement-breakpoint
CREATE TRIGGER result_parts_on_delete AFTER DELETE ON surveys REFERENCING OLD TABLE AS result_old FOR EACH STATEMENT EXECUTE FUNCTION result_parts_of_surveys();
--> statement-breakpoint
-- A results request folds the survey's deltas into result_days (one at a time per survey;
-- another request meanwhile reads both tables, which is as exact) and drops the parts
-- brought back to zero. Keys in one order, so two folds never deadlock.
CREATE FUNCTION result_days_compact(p_survey integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('result_days'), p_survey) THEN RETURN; END IF;
  WITH moved AS (DELETE FROM result_day_deltas WHERE survey_id = p_survey RETURNING *)
  INSERT INTO result_days AS d (survey_id, day, status, kind, question_id, key, num_key, n, n_num, num_sum, promoters, detractors, ord_sum, firsts)
  SELECT survey_id, day, status, kind, question_id, key, num_key,
         sum(n)::int, sum(n_num)::int, sum(num_sum), sum(promoters)::int, sum(detractors)::int, sum(ord_sum)::bigint, sum(firsts)::int
    FROM moved GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (survey_id, day, status, kind, question_id, key, num_key) DO UPDATE SET
    n = d.n + excluded.n, n_num = d.n_num + excluded.n_num, num_sum = d.num_sum + excluded.num_sum, promoters = d.promoters + excluded.promoters,
    detractors = d.detractors + excluded.detractors, ord_sum = d.ord_sum + excluded.ord_sum, firsts = d.firsts + excluded.firsts;
  DELETE FROM result_days WHERE survey_id = p_survey AND n = 0;
END $$;
--> statement-breakpoint
-- The participations and answers written before this migration.
INSERT INTO result_days (survey_id, day, status, kind, question_id, key, num_key, n, n_num, num_sum, promoters, detractors, ord_sum, firsts)
SELECT survey_id, result_day(submitted_at), status, kind, question_id, key, num_key,
       sum(n)::int, sum(n_num)::int, sum(num_sum), sum(promoters)::int, sum(detractors)::int, sum(ord_sum)::bigint, sum(firsts)::int
  FROM result_parts GROUP BY 1, 2, 3, 4, 5, 6, 7;
