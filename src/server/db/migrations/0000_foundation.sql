CREATE TABLE "ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"img_src" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"news_class_id" integer DEFAULT 0 NOT NULL,
	"news_id" integer DEFAULT 0 NOT NULL,
	"is_all" boolean DEFAULT true NOT NULL,
	"show_class_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"not_show_class_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"permission" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"data_type" integer NOT NULL,
	"class_id" integer DEFAULT 0 NOT NULL,
	"news_id" integer DEFAULT 0 NOT NULL,
	"target_url" text DEFAULT '' NOT NULL,
	"show_type" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"image_url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'news' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"line_num" integer DEFAULT 4 NOT NULL,
	"show_line" integer DEFAULT 2 NOT NULL,
	"on_home" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "columns" (
	"id" integer PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"name" text NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"show_type" integer DEFAULT 0 NOT NULL,
	"api_url" text DEFAULT '' NOT NULL,
	"class_name" text DEFAULT '' NOT NULL,
	"is_sub" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "districts" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"area_code" text DEFAULT '' NOT NULL,
	"father" integer,
	"expert_pic" text DEFAULT '' NOT NULL,
	"class_img" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"temperature" text DEFAULT '' NOT NULL,
	"weather" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"data_type" integer DEFAULT 3 NOT NULL,
	"show_type" integer DEFAULT 0 NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"target_url" text DEFAULT '' NOT NULL,
	"image_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"is_top" boolean DEFAULT false NOT NULL,
	"top_title" text DEFAULT '' NOT NULL,
	"small_text" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"custom_image" text DEFAULT '' NOT NULL,
	"is_video" boolean DEFAULT false NOT NULL,
	"video_url" text DEFAULT '' NOT NULL,
	"video_time" text DEFAULT '' NOT NULL,
	"video_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pv" integer DEFAULT 0 NOT NULL,
	"interact_num" integer DEFAULT 0 NOT NULL,
	"publish_time" timestamp with time zone NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"source_pic" text DEFAULT '' NOT NULL,
	"writer" text DEFAULT '' NOT NULL,
	"user_name" text DEFAULT '' NOT NULL,
	"new_user_name" text DEFAULT '' NOT NULL,
	"exec_editor" text DEFAULT '' NOT NULL,
	"final_editor" text DEFAULT '' NOT NULL,
	"permission" integer DEFAULT 0 NOT NULL,
	"allow_pl" boolean DEFAULT true NOT NULL,
	"live_type" integer DEFAULT 0 NOT NULL,
	"live_start_time" timestamp with time zone,
	"keyboard" text DEFAULT '' NOT NULL,
	"title_type" integer DEFAULT 0 NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"like_num" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "columns" ADD CONSTRAINT "columns_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_channel_idx" ON "banners" USING btree ("channel_id","sort");--> statement-breakpoint
CREATE INDEX "columns_channel_idx" ON "columns" USING btree ("channel_id","sort");--> statement-breakpoint
CREATE INDEX "districts_father_idx" ON "districts" USING btree ("father","sort");--> statement-breakpoint
CREATE INDEX "news_channel_order_idx" ON "news" USING btree ("channel_id","is_top","publish_time","id");--> statement-breakpoint
CREATE INDEX "news_class_order_idx" ON "news" USING btree ("class_id","publish_time","id");--> statement-breakpoint
CREATE INDEX "news_data_type_idx" ON "news" USING btree ("data_type","publish_time","id");