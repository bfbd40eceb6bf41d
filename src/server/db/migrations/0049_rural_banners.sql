CREATE TABLE "rural_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"picture" text NOT NULL,
	"news_id" integer DEFAULT 0 NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"start_day" text DEFAULT '' NOT NULL,
	"end_day" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "rural_banners_target_check" CHECK (("rural_banners"."news_id" > 0) <> ("rural_banners"."link" <> '')),
	CONSTRAINT "rural_banners_window_check" CHECK ("rural_banners"."start_day" = '' or "rural_banners"."end_day" = '' or "rural_banners"."start_day" <= "rural_banners"."end_day")
);
--> statement-breakpoint
CREATE INDEX "rural_banners_sort_idx" ON "rural_banners" USING btree ("sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rural_banners_client_key" ON "rural_banners" USING btree ("client_key");