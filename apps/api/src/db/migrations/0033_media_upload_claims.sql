ALTER TABLE "media_uploads" ADD COLUMN "completing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD COLUMN "reserved_kib" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "media_uploads_address_idx" ON "media_uploads" USING btree ("client_address") WHERE "media_id" IS NULL;
