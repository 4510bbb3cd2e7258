ALTER TABLE "sectors" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "categories_type_position_idx" ON "categories" USING btree ("type","parent_id","position");--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_category_idx" ON "companies" USING btree ("category_id");--> statement-breakpoint
ALTER TABLE "steps" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "steps" ADD CONSTRAINT "steps_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "steps_category_idx" ON "steps" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "questions_category_idx" ON "questions" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "surveys_category_idx" ON "surveys" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "articles_category_idx" ON "articles" USING btree ("category_id");--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "features" ADD CONSTRAINT "features_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "category_features" (
	"category_id" integer NOT NULL,
	"feature_id" integer NOT NULL,
	"limit_value" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_features_category_id_feature_id_pk" PRIMARY KEY("category_id","feature_id"),
	CONSTRAINT "category_features_limit_nonnegative" CHECK ("category_features"."limit_value" >= 0)
);--> statement-breakpoint
ALTER TABLE "category_features" ADD CONSTRAINT "category_features_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_features" ADD CONSTRAINT "category_features_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_features_feature_idx" ON "category_features" USING btree ("feature_id");
