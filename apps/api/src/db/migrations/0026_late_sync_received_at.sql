ALTER TABLE "participations" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "received_at" timestamp with time zone;