CREATE TABLE "platform_invoice_counter" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "platform_invoice_counter_single_row" CHECK ("platform_invoice_counter"."id" = 1)
);
--> statement-breakpoint
DROP INDEX "invoices_company_number_unique";--> statement-breakpoint
-- Platform invoices written before this migration took numbers from each company's book:
-- give them the platform's own numbers, in the order they were issued.
UPDATE "invoices" SET "number" = renumbered.n
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "invoices" WHERE "from_platform") AS renumbered
WHERE "invoices"."id" = renumbered."id";--> statement-breakpoint
INSERT INTO "platform_invoice_counter" ("id", "last_number") SELECT 1, count(*) FROM "invoices" WHERE "from_platform";--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_platform_number_unique" ON "invoices" USING btree ("number") WHERE "invoices"."from_platform";--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_number_unique" ON "invoices" USING btree ("company_id","number") WHERE NOT "invoices"."from_platform";