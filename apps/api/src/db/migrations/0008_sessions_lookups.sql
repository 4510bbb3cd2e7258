CREATE INDEX "sessions_device_idx" ON "sessions" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "sessions_refresh_expires_idx" ON "sessions" USING btree ("refresh_expires_at");