ALTER TABLE "surveys" ADD COLUMN "template_state" text;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "survey_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "surveys" SET "template_state" = CASE WHEN "active" THEN 'published' ELSE 'retired' END, "survey_types" = ARRAY["type"] WHERE "is_template";--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_template_state_check" CHECK ("template_state" IN ('draft', 'published', 'retired'));
