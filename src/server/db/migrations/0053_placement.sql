CREATE TABLE "hot_picks" (
	"id" serial PRIMARY KEY NOT NULL,
	"news_id" integer NOT NULL,
	"position" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "hot_picks_position_check" CHECK ("hot_picks"."position" >= 1)
);
--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "start_day" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "end_day" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "hot_picks_live_idx" ON "hot_picks" USING btree ("ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hot_picks_client_key" ON "hot_picks" USING btree ("client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "banners_client_key" ON "banners" USING btree ("client_key");--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_window_check" CHECK ("banners"."start_day" = '' or "banners"."end_day" = '' or "banners"."start_day" <= "banners"."end_day");