CREATE TABLE "tip_cases" (
	"tip_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"reporter_id" integer,
	"reporter_name" text DEFAULT '' NOT NULL,
	"news_id" integer,
	"class_id" integer DEFAULT 0 NOT NULL,
	"story_title" text DEFAULT '' NOT NULL,
	"decline_reason" text DEFAULT '' NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"adopted_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tip_cases_state_known" CHECK ("tip_cases"."state" in ('adopted','reported','declined')),
	CONSTRAINT "tip_cases_tip_fk" FOREIGN KEY ("tip_id") REFERENCES "bang_tips"("id"),
	CONSTRAINT "tip_cases_reporter_fk" FOREIGN KEY ("reporter_id") REFERENCES "staff"("id")
);
--> statement-breakpoint
CREATE INDEX "tip_cases_state_idx" ON "tip_cases" USING btree ("state","updated_at");
