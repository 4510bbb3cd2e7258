CREATE TABLE "target_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "target_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "geofence_status" text;--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "geofence_distance_m" double precision;--> statement-breakpoint
ALTER TABLE "target_codes" ADD CONSTRAINT "target_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "target_codes_code_unique" ON "target_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "target_codes_target_unique" ON "target_codes" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE INDEX "target_codes_company_idx" ON "target_codes" USING btree ("company_id","target_kind");