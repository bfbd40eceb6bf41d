ALTER TABLE "special_topics" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "special_topics_client_key" ON "special_topics" USING btree ("client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_client_key" ON "topics" USING btree ("client_key");