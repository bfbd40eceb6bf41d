ALTER TABLE "composition_essays" ADD COLUMN "rank_excluded_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "composition_teachers" ADD COLUMN "verify_reason" text DEFAULT '' NOT NULL;
