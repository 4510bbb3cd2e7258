ALTER TABLE "broadcasts" ADD COLUMN "status" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "fanout_cursor" integer;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "chatrooms_participation_unique" ON "chatrooms" USING btree ("subject_id") WHERE "chatrooms"."kind" = 'survey' AND "chatrooms"."subject_type" = 'participation';--> statement-breakpoint
CREATE INDEX "broadcasts_sending_idx" ON "broadcasts" USING btree ("id") WHERE "broadcasts"."status" = 'sending';