ALTER TABLE "broadcasts" ALTER COLUMN "company_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "author_user_id" integer;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "platform_audience" jsonb;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;