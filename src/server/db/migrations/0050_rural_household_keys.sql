ALTER TABLE "rural_credit_deeds" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "rural_households" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "rural_credit_deeds_client_key" ON "rural_credit_deeds" USING btree ("client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "rural_households_client_key" ON "rural_households" USING btree ("client_key");