CREATE TABLE "live_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"news_id" integer NOT NULL,
	"text" text NOT NULL,
	"picture" text DEFAULT '' NOT NULL,
	"staff_id" integer NOT NULL,
	"staff_name" text NOT NULL,
	"create_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "live_posts" ADD CONSTRAINT "live_posts_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_posts_create_key" ON "live_posts" USING btree ("article_id","create_key");--> statement-breakpoint
CREATE INDEX "live_posts_news_idx" ON "live_posts" USING btree ("news_id","created_at");