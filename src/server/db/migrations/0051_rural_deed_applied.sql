ALTER TABLE "rural_credit_deeds" ADD COLUMN "applied" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Deeds recorded before this column are counted in their household's points already (ADR 033).
UPDATE "rural_credit_deeds" SET "applied" = "points";
