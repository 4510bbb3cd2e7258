CREATE TABLE "score_days" (
	"company_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"day" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"n_scored" integer DEFAULT 0 NOT NULL,
	"n_validated" integer DEFAULT 0 NOT NULL,
	"score_sum" double precision DEFAULT 0 NOT NULL,
	"score_sq" double precision DEFAULT 0 NOT NULL,
	"hist" integer[] DEFAULT '{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}'::integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "score_days_company_id_survey_id_target_kind_target_id_day_pk" PRIMARY KEY("company_id","survey_id","target_kind","target_id","day")
);
--> statement-breakpoint
CREATE INDEX "score_days_company_day_idx" ON "score_days" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "score_days_target_idx" ON "score_days" USING btree ("company_id","target_kind","target_id","day");--> statement-breakpoint
CREATE INDEX "participations_company_status_idx" ON "participations" USING btree ("company_id","status","submitted_at") WHERE deleted_at IS NULL;