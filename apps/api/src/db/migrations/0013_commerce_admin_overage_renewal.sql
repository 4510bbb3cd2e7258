ALTER TABLE "bills" ADD COLUMN "subscription_id" integer;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "feature_slug" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "from_platform" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "package_features" ADD COLUMN "overage_price" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renews_id" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "period_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_renews_id_subscriptions_id_fk" FOREIGN KEY ("renews_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_overage_once" ON "bills" USING btree ("subscription_id","feature_slug") WHERE "bills"."kind" = 'overage';--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_renews_unique" ON "subscriptions" USING btree ("renews_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("ends_at") WHERE "subscriptions"."status" = 'active' AND "subscriptions"."period_closed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "package_features" ADD CONSTRAINT "package_features_limit_nonnegative" CHECK ("package_features"."limit_value" >= 0);--> statement-breakpoint
ALTER TABLE "package_features" ADD CONSTRAINT "package_features_overage_nonnegative" CHECK ("package_features"."overage_price" >= 0);