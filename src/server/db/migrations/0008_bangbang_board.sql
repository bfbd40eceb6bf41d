CREATE TABLE "bang_hot_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bang_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"user_type" integer NOT NULL,
	"type_name" text NOT NULL,
	"real_name" text DEFAULT '' NOT NULL,
	"job" text DEFAULT '' NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"is_jump" boolean DEFAULT true NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"review_state" text DEFAULT 'approved' NOT NULL,
	"review_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bang_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"brief" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"on_home" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bang_answers" ADD COLUMN "pictures" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bang_answers" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bang_answers" ADD COLUMN "review_state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "bang_answers" ADD COLUMN "review_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bang_questions" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bang_questions" ADD COLUMN "reply_closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bang_questions" ADD COLUMN "review_state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "bang_questions" ADD COLUMN "review_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "bang_members_type_idx" ON "bang_members" USING btree ("user_type","sort");--> statement-breakpoint
CREATE INDEX "bang_answers_user_idx" ON "bang_answers" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "bang_questions_pv_idx" ON "bang_questions" USING btree ("pv");