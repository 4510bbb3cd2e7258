-- Custom SQL migration (drizzle-kit generate --custom): the triggers that keep score_days
-- exact, and the fill from the participations written before (DOMAIN.md "Scores").
-- Keeps score_days exact inside the writing transaction: each statement on participations
-- adds what its new rows count and takes away what its old rows counted (transition
-- tables: one aggregate upsert per statement, whatever the number of rows; keys in one
-- order so concurrent statements do not deadlock). What counts and the buckets are the
-- rule of score-days.rules.ts, which rebuildScoreDays uses; a test holds them equal.
CREATE OR REPLACE FUNCTION score_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO score_days AS d (company_id, survey_id, target_kind, target_id, day, n, n_scored, n_validated, score_sum, score_sq, hist, updated_at)
    SELECT * FROM (
      SELECT company_id, survey_id, target_kind, target_id, day, sum(sign)::int AS n, sum(sign * (score IS NOT NULL)::int)::int AS n_scored,
        sum(sign * (status = 'validated')::int)::int AS n_validated, COALESCE(sum(sign * score), 0) AS score_sum, COALESCE(sum(sign * score * score), 0) AS score_sq,
        ARRAY[sum(sign * (b = 0)::int), sum(sign * (b = 1)::int), sum(sign * (b = 2)::int), sum(sign * (b = 3)::int), sum(sign * (b = 4)::int), sum(sign * (b = 5)::int), sum(sign * (b = 6)::int), sum(sign * (b = 7)::int), sum(sign * (b = 8)::int), sum(sign * (b = 9)::int), sum(sign * (b = 10)::int), sum(sign * (b = 11)::int), sum(sign * (b = 12)::int), sum(sign * (b = 13)::int), sum(sign * (b = 14)::int), sum(sign * (b = 15)::int)]::integer[] AS hist, now() AS updated_at
      FROM (SELECT company_id, survey_id, target_kind, target_id, (submitted_at AT TIME ZONE 'Africa/Douala')::date AS day, status, score, width_bucket(score, '{0,1,2,3,4,5,6,7,8,9,10,11,20,50,100}'::float8[]) AS b, 1 AS sign FROM score_new WHERE status IN ('submitted', 'checked', 'validated') AND deleted_at IS NULL AND submitted_at IS NOT NULL AND target_kind IS NOT NULL AND target_id IS NOT NULL) AS rows
      GROUP BY company_id, survey_id, target_kind, target_id, day
    ) AS delta
    WHERE n <> 0 OR n_scored <> 0 OR n_validated <> 0 OR score_sum <> 0 OR score_sq <> 0 OR hist <> '{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}'::integer[]
    ORDER BY company_id, survey_id, target_kind, target_id, day
    ON CONFLICT (company_id, survey_id, target_kind, target_id, day) DO UPDATE SET
      n = d.n + excluded.n, n_scored = d.n_scored + excluded.n_scored, n_validated = d.n_validated + excluded.n_validated,
      score_sum = d.score_sum + excluded.score_sum, score_sq = d.score_sq + excluded.score_sq,
      hist = ARRAY(SELECT a + b FROM unnest(d.hist, excluded.hist) WITH ORDINALITY AS u(a, b, i) ORDER BY i),
      updated_at = excluded.updated_at;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO score_days AS d (company_id, survey_id, target_kind, target_id, day, n, n_scored, n_validated, score_sum, score_sq, hist, updated_at)
    SELECT * FROM (
      SELECT company_id, survey_id, target_kind, target_id, day, sum(sign)::int AS n, sum(sign * (score IS NOT NULL)::int)::int AS n_scored,
        sum(sign * (status = 'validated')::int)::int AS n_validated, COALESCE(sum(sign * score), 0) AS score_sum, COALESCE(sum(sign * score * score), 0) AS score_sq,
        ARRAY[sum(sign * (b = 0)::int), sum(sign * (b = 1)::int), sum(sign * (b = 2)::int), sum(sign * (b = 3)::int), sum(sign * (b = 4)::int), sum(sign * (b = 5)::int), sum(sign * (b = 6)::int), sum(sign * (b = 7)::int), sum(sign * (b = 8)::int), sum(sign * (b = 9)::int), sum(sign * (b = 10)::int), sum(sign * (b = 11)::int), sum(sign * (b = 12)::int), sum(sign * (b = 13)::int), sum(sign * (b = 14)::int), sum(sign * (b = 15)::int)]::integer[] AS hist, now() AS updated_at
      FROM (SELECT company_id, survey_id, target_kind, target_id, (submitted_at AT TIME ZONE 'Africa/Douala')::date AS day, status, score, width_bucket(score, '{0,1,2,3,4,5,6,7,8,9,10,11,20,50,100}'::float8[]) AS b, -1 AS sign FROM score_old WHERE status IN ('submitted', 'checked', 'validated') AND deleted_at IS NULL AND submitted_at IS NOT NULL AND target_kind IS NOT NULL AND target_id IS NOT NULL) AS rows
      GROUP BY company_id, survey_id, target_kind, target_id, day
    ) AS delta
    WHERE n <> 0 OR n_scored <> 0 OR n_validated <> 0 OR score_sum <> 0 OR score_sq <> 0 OR hist <> '{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}'::integer[]
    ORDER BY company_id, survey_id, target_kind, target_id, day
    ON CONFLICT (company_id, survey_id, target_kind, target_id, day) DO UPDATE SET
      n = d.n + excluded.n, n_scored = d.n_scored + excluded.n_scored, n_validated = d.n_validated + excluded.n_validated,
      score_sum = d.score_sum + excluded.score_sum, score_sq = d.score_sq + excluded.score_sq,
      hist = ARRAY(SELECT a + b FROM unnest(d.hist, excluded.hist) WITH ORDINALITY AS u(a, b, i) ORDER BY i),
      updated_at = excluded.updated_at;
  ELSE
    INSERT INTO score_days AS d (company_id, survey_id, target_kind, target_id, day, n, n_scored, n_validated, score_sum, score_sq, hist, updated_at)
    SELECT * FROM (
      SELECT company_id, survey_id, target_kind, target_id, day, sum(sign)::int AS n, sum(sign * (score IS NOT NULL)::int)::int AS n_scored,
        sum(sign * (status = 'validated')::int)::int AS n_validated, COALESCE(sum(sign * score), 0) AS score_sum, COALESCE(sum(sign * score * score), 0) AS score_sq,
        ARRAY[sum(sign * (b = 0)::int), sum(sign * (b = 1)::int), sum(sign * (b = 2)::int), sum(sign * (b = 3)::int), sum(sign * (b = 4)::int), sum(sign * (b = 5)::int), sum(sign * (b = 6)::int), sum(sign * (b = 7)::int), sum(sign * (b = 8)::int), sum(sign * (b = 9)::int), sum(sign * (b = 10)::int), sum(sign * (b = 11)::int), sum(sign * (b = 12)::int), sum(sign * (b = 13)::int), sum(sign * (b = 14)::int), sum(sign * (b = 15)::int)]::integer[] AS hist, now() AS updated_at
      FROM (SELECT company_id, survey_id, target_kind, target_id, (submitted_at AT TIME ZONE 'Africa/Douala')::date AS day, status, score, width_bucket(score, '{0,1,2,3,4,5,6,7,8,9,10,11,20,50,100}'::float8[]) AS b, 1 AS sign FROM score_new WHERE status IN ('submitted', 'checked', 'validated') AND deleted_at IS NULL AND submitted_at IS NOT NULL AND target_kind IS NOT NULL AND target_id IS NOT NULL UNION ALL SELECT company_id, survey_id, target_kind, target_id, (submitted_at AT TIME ZONE 'Africa/Douala')::date AS day, status, score, width_bucket(score, '{0,1,2,3,4,5,6,7,8,9,10,11,20,50,100}'::float8[]) AS b, -1 AS sign FROM score_old WHERE status IN ('submitted', 'checked', 'validated') AND deleted_at IS NULL AND submitted_at IS NOT NULL AND target_kind IS NOT NULL AND target_id IS NOT NULL) AS rows
      GROUP BY company_id, survey_id, target_kind, target_id, day
    ) AS delta
    WHERE n <> 0 OR n_scored <> 0 OR n_validated <> 0 OR score_sum <> 0 OR score_sq <> 0 OR hist <> '{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}'::integer[]
    ORDER BY company_id, survey_id, target_kind, target_id, day
    ON CONFLICT (company_id, survey_id, target_kind, target_id, day) DO UPDATE SET
      n = d.n + excluded.n, n_scored = d.n_scored + excluded.n_scored, n_validated = d.n_validated + excluded.n_validated,
      score_sum = d.score_sum + excluded.score_sum, score_sq = d.score_sq + excluded.score_sq,
      hist = ARRAY(SELECT a + b FROM unnest(d.hist, excluded.hist) WITH ORDINALITY AS u(a, b, i) ORDER BY i),
      updated_at = excluded.updated_at;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER score_days_on_insert AFTER INSERT ON participations REFERENCING NEW TABLE AS score_new FOR EACH STATEMENT EXECUTE FUNCTION score_days_apply();
--> statement-breakpoint
CREATE TRIGGER score_days_on_update AFTER UPDATE ON participations REFERENCING OLD TABLE AS score_old NEW TABLE AS score_new FOR EACH STATEMENT EXECUTE FUNCTION score_days_apply();
--> statement-breakpoint
CREATE TRIGGER score_days_on_delete AFTER DELETE ON participations REFERENCING OLD TABLE AS score_old FOR EACH STATEMENT EXECUTE FUNCTION score_days_apply();
--> statement-breakpoint
-- Participations written before this migration.
INSERT INTO score_days AS d (company_id, survey_id, target_kind, target_id, day, n, n_scored, n_validated, score_sum, score_sq, hist, updated_at)
SELECT * FROM (
  SELECT company_id, survey_id, target_kind, target_id, day, sum(sign)::int AS n, sum(sign * (score IS NOT NULL)::int)::int AS n_scored,
    sum(sign * (status = 'validated')::int)::int AS n_validated, COALESCE(sum(sign * score), 0) AS score_sum, COALESCE(sum(sign * score * score), 0) AS score_sq,
    ARRAY[sum(sign * (b = 0)::int), sum(sign * (b = 1)::int), sum(sign * (b = 2)::int), sum(sign * (b = 3)::int), sum(sign * (b = 4)::int), sum(sign * (b = 5)::int), sum(sign * (b = 6)::int), sum(sign * (b = 7)::int), sum(sign * (b = 8)::int), sum(sign * (b = 9)::int), sum(sign * (b = 10)::int), sum(sign * (b = 11)::int), sum(sign * (b = 12)::int), sum(sign * (b = 13)::int), sum(sign * (b = 14)::int), sum(sign * (b = 15)::int)]::integer[] AS hist, now() AS updated_at
  FROM (SELECT company_id, survey_id, target_kind, target_id, (submitted_at AT TIME ZONE 'Africa/Douala')::date AS day, status, score, width_bucket(score, '{0,1,2,3,4,5,6,7,8,9,10,11,20,50,100}'::float8[]) AS b, 1 AS sign FROM participations WHERE status IN ('submitted', 'checked', 'validated') AND deleted_at IS NULL AND submitted_at IS NOT NULL AND target_kind IS NOT NULL AND target_id IS NOT NULL) AS rows
  GROUP BY company_id, survey_id, target_kind, target_id, day
) AS delta
WHERE n <> 0 OR n_scored <> 0 OR n_validated <> 0 OR score_sum <> 0 OR score_sq <> 0 OR hist <> '{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}'::integer[]
ORDER BY company_id, survey_id, target_kind, target_id, day
ON CONFLICT (company_id, survey_id, target_kind, target_id, day) DO UPDATE SET
  n = d.n + excluded.n, n_scored = d.n_scored + excluded.n_scored, n_validated = d.n_validated + excluded.n_validated,
  score_sum = d.score_sum + excluded.score_sum, score_sq = d.score_sq + excluded.score_sq,
  hist = ARRAY(SELECT a + b FROM unnest(d.hist, excluded.hist) WITH ORDINALITY AS u(a, b, i) ORDER BY i),
  updated_at = excluded.updated_at;
