-- Accent folding through PostgreSQL's `unaccent` extension (a trusted contrib module that
-- every PostgreSQL server ships, the embedded one included) now that PGlite is gone:
-- it folds every Latin accent and ligature (Œ → OE) instead of a fixed list, and the
-- function stays inlinable (STABLE, like unaccent itself), which made searched lists
-- plan 10 to 15 % faster than the `translate` of 0001 (docs/PERFORMANCE.md, issue 18).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_unaccent(value text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE STRICT AS $$
  SELECT lower(public.unaccent('public.unaccent'::regdictionary, value));
$$;
