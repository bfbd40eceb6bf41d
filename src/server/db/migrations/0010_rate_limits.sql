CREATE TABLE "rate_limit_claims" (
	"key" text PRIMARY KEY NOT NULL,
	"until" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" bigint NOT NULL,
	"keep_until" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_key_idx" ON "rate_limit_hits" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_keep_idx" ON "rate_limit_hits" USING btree ("keep_until");