CREATE TABLE "answer_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'department' NOT NULL,
	"name" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_units_kind_known" CHECK ("answer_units"."kind" in ('department','seller'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "answer_units_name_key" ON "answer_units" USING btree ("kind","name");
--> statement-breakpoint
CREATE TABLE "answer_unit_staff" (
	"staff_id" integer PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	CONSTRAINT "answer_unit_staff_staff_fk" FOREIGN KEY ("staff_id") REFERENCES "staff"("id"),
	CONSTRAINT "answer_unit_staff_unit_fk" FOREIGN KEY ("unit_id") REFERENCES "answer_units"("id")
);
--> statement-breakpoint
CREATE INDEX "answer_unit_staff_unit_idx" ON "answer_unit_staff" USING btree ("unit_id");
--> statement-breakpoint
CREATE TABLE "politics_cases" (
	"politics_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"unit_id" integer,
	"accepted_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"extended_at" timestamp with time zone,
	"extension_reason" text DEFAULT '' NOT NULL,
	"decline_reason" text DEFAULT '' NOT NULL,
	"returned_reason" text DEFAULT '' NOT NULL,
	"reply_pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reply_news_url" text DEFAULT '' NOT NULL,
	"reply_staff_id" integer,
	"replied_at" timestamp with time zone,
	"rating" integer,
	"rated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "politics_cases_state_known" CHECK ("politics_cases"."state" in ('accepted','processing','replied','declined','returned')),
	CONSTRAINT "politics_cases_rating_known" CHECK ("politics_cases"."rating" is null or "politics_cases"."rating" in (1, 2)),
	CONSTRAINT "politics_cases_unit_fk" FOREIGN KEY ("unit_id") REFERENCES "answer_units"("id")
);
--> statement-breakpoint
CREATE INDEX "politics_cases_unit_idx" ON "politics_cases" USING btree ("unit_id","state","due_at");
--> statement-breakpoint
CREATE INDEX "politics_cases_state_idx" ON "politics_cases" USING btree ("state","due_at");
--> statement-breakpoint
CREATE TABLE "politics_case_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"politics_id" integer NOT NULL,
	"kind" text NOT NULL,
	"unit_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "politics_case_events_kind_known" CHECK ("politics_case_events"."kind" in ('accepted','declined','returned','extended','started','replied','rated'))
);
--> statement-breakpoint
CREATE INDEX "politics_case_events_item_idx" ON "politics_case_events" USING btree ("politics_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "politics_case_events_return_once" ON "politics_case_events" USING btree ("politics_id","unit_id") WHERE "politics_case_events"."kind" = 'returned';
