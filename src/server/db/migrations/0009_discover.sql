CREATE TABLE "discover_hot_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discover_post_topics" (
	"post_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "discover_post_topics_post_id_topic_id_pk" PRIMARY KEY("post_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "discover_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video" text DEFAULT '' NOT NULL,
	"like_num" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"pv" integer DEFAULT 0 NOT NULL,
	"review_state" text DEFAULT 'approved' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"official_name" text DEFAULT '' NOT NULL,
	"official_html" text DEFAULT '' NOT NULL,
	"official_news_id" integer DEFAULT 0 NOT NULL,
	"official_class_id" integer DEFAULT 0 NOT NULL,
	"is_top" boolean DEFAULT false NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "discover_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"keyboard" text DEFAULT '' NOT NULL,
	"hot" integer DEFAULT 0 NOT NULL,
	"content_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"pv" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "discover_post_topics_topic_idx" ON "discover_post_topics" USING btree ("topic_id","post_id");--> statement-breakpoint
CREATE INDEX "discover_posts_feed_idx" ON "discover_posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "discover_posts_user_idx" ON "discover_posts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "discover_posts_client_key" ON "discover_posts" USING btree ("user_id","client_key") WHERE "discover_posts"."client_key" is not null;--> statement-breakpoint
CREATE INDEX "discover_topics_hot_idx" ON "discover_topics" USING btree ("hot","id");