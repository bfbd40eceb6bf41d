CREATE TABLE "district_locations" (
	"class_id" integer PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hot_words" (
	"id" integer PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newspapers" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"edition_date" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publisher_account_news" (
	"class_id" integer NOT NULL,
	"news_id" integer NOT NULL,
	CONSTRAINT "publisher_account_news_class_id_news_id_pk" PRIMARY KEY("class_id","news_id")
);
--> statement-breakpoint
CREATE TABLE "publisher_accounts" (
	"class_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"is_jump" boolean DEFAULT true NOT NULL,
	"fans" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "special_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "special_category_news" (
	"category_id" integer NOT NULL,
	"news_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "special_category_news_category_id_news_id_pk" PRIMARY KEY("category_id","news_id")
);
--> statement-breakpoint
CREATE TABLE "special_topics" (
	"class_id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic_news" (
	"topic_id" integer NOT NULL,
	"news_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "topic_news_topic_id_news_id_pk" PRIMARY KEY("topic_id","news_id")
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" integer PRIMARY KEY NOT NULL,
	"column_id" integer NOT NULL,
	"title" text NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"content_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"is_timeline" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "special_categories_class_idx" ON "special_categories" USING btree ("class_id","sort");--> statement-breakpoint
CREATE INDEX "special_category_news_order_idx" ON "special_category_news" USING btree ("category_id","sort");--> statement-breakpoint
CREATE INDEX "topic_news_order_idx" ON "topic_news" USING btree ("topic_id","sort");--> statement-breakpoint
CREATE INDEX "topics_column_idx" ON "topics" USING btree ("column_id","sort");