CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"news_id" integer,
	"state" text DEFAULT 'draft' NOT NULL,
	"review_stage" integer DEFAULT 0 NOT NULL,
	"reviewers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"author_id" integer NOT NULL,
	"author_name" text NOT NULL,
	"create_key" text NOT NULL,
	"fields" jsonb NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"last_save_id" text DEFAULT '' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_versions" (
	"article_id" integer NOT NULL,
	"version" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"content" text NOT NULL,
	"saved_by" integer NOT NULL,
	"saved_by_name" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_versions_pk" PRIMARY KEY("article_id","version")
);
--> statement-breakpoint
ALTER TABLE "article_versions" ADD CONSTRAINT "article_versions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_news_id_key" ON "articles" USING btree ("news_id");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_create_key" ON "articles" USING btree ("author_id","create_key");--> statement-breakpoint
CREATE INDEX "articles_state_idx" ON "articles" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "articles_author_idx" ON "articles" USING btree ("author_id","updated_at");--> statement-breakpoint
CREATE INDEX "articles_scheduled_idx" ON "articles" USING btree ("publish_at") WHERE state = 'scheduled';
