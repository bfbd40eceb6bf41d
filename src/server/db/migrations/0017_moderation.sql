ALTER TABLE "comments" ADD COLUMN "review_state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "review_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TABLE "moderation_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"area" text NOT NULL,
	"user_id" integer NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"held_word" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"report_reasons" text DEFAULT '' NOT NULL,
	"reported_at" timestamp with time zone,
	"reports_open" boolean DEFAULT false NOT NULL,
	"decision" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"decided_by_name" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "moderation_items_state_check" CHECK ("moderation_items"."state" in ('pending', 'approved', 'rejected', 'removed'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_items_item_key" ON "moderation_items" USING btree ("kind","item_id");--> statement-breakpoint
CREATE INDEX "moderation_items_pending_idx" ON "moderation_items" USING btree ("created_at","id") WHERE "moderation_items"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "moderation_items_pending_area_idx" ON "moderation_items" USING btree ("area","created_at","id") WHERE "moderation_items"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "moderation_items_word_idx" ON "moderation_items" USING btree ("created_at","id") WHERE "moderation_items"."state" = 'pending' and "moderation_items"."held_word" <> '';--> statement-breakpoint
CREATE INDEX "moderation_items_reported_idx" ON "moderation_items" USING btree ("reported_at","id") WHERE "moderation_items"."reports_open";--> statement-breakpoint
CREATE INDEX "moderation_items_patrol_idx" ON "moderation_items" USING btree ("created_at","id") WHERE "moderation_items"."state" = 'approved';--> statement-breakpoint
CREATE INDEX "moderation_items_decided_idx" ON "moderation_items" USING btree ("decided_at","id") WHERE "moderation_items"."decided_at" is not null;--> statement-breakpoint
CREATE INDEX "moderation_items_user_idx" ON "moderation_items" USING btree ("user_id","state");--> statement-breakpoint
CREATE TABLE "moderation_settings" (
	"area" text PRIMARY KEY NOT NULL,
	"review_before_publish" boolean NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"closed_message" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "reader_mutes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"until" timestamp with time zone,
	"reason" text NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "sensitive_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"normalized" text NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensitive_words_action_check" CHECK ("sensitive_words"."action" in ('hold', 'block'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "sensitive_words_normalized_key" ON "sensitive_words" USING btree ("normalized");--> statement-breakpoint
CREATE TABLE "reject_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "reject_reasons_text_key" ON "reject_reasons" USING btree ("text");--> statement-breakpoint
INSERT INTO "reject_reasons" ("text", "sort") VALUES ('含有广告或推广信息', 1), ('含有不文明用语', 2), ('与内容无关', 3), ('含有违法违规信息', 4), ('涉及他人隐私', 5);
