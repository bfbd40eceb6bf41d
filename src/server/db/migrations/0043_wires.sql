CREATE TABLE "wire_allowed_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"added_by" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wire_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"every_minutes" integer DEFAULT 30 NOT NULL,
	"channel_id" integer DEFAULT 0 NOT NULL,
	"class_id" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"last_new_items" integer DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wire_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_id" integer NOT NULL,
	"dedup_key" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"article_id" integer,
	"drafted_by" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archive_imports" (
	"source_id" text PRIMARY KEY NOT NULL,
	"news_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wire_items" ADD CONSTRAINT "wire_items_feed_id_wire_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."wire_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wire_feeds_url_key" ON "wire_feeds" USING btree ("url");--> statement-breakpoint
CREATE INDEX "wire_feeds_due_idx" ON "wire_feeds" USING btree ("next_fetch_at") WHERE enabled;--> statement-breakpoint
CREATE UNIQUE INDEX "wire_items_dedup_key" ON "wire_items" USING btree ("feed_id","dedup_key");--> statement-breakpoint
CREATE UNIQUE INDEX "wire_items_link_key" ON "wire_items" USING btree ("feed_id","link") WHERE link <> '';--> statement-breakpoint
CREATE INDEX "wire_items_tray_idx" ON "wire_items" USING btree ("fetched_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "archive_imports_news_id_key" ON "archive_imports" USING btree ("news_id");
