ALTER TABLE "rural_answers" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "rural_answers" ADD COLUMN "review_state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "rural_answers" ADD COLUMN "reject_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rural_answers" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "rural_answers" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rural_experts" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "rural_experts" ADD COLUMN "state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "rural_experts" ADD COLUMN "reject_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rural_experts" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "rural_experts" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "rural_answers_client_key" ON "rural_answers" USING btree ("user_id","client_key") WHERE "rural_answers"."client_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "rural_experts_user_key" ON "rural_experts" USING btree ("user_id") WHERE "rural_experts"."user_id" is not null;--> statement-breakpoint
ALTER TABLE "rural_answers" ADD CONSTRAINT "rural_answers_review_check" CHECK ("rural_answers"."review_state" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "rural_experts" ADD CONSTRAINT "rural_experts_state_check" CHECK ("rural_experts"."state" in ('pending', 'approved', 'rejected'));