CREATE TABLE "news_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"news_id" integer NOT NULL,
	"note" text NOT NULL,
	"staff_id" integer NOT NULL,
	"staff_name" text NOT NULL,
	"create_key" text NOT NULL,
	"corrected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news_corrections" ADD CONSTRAINT "news_corrections_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "news_corrections_create_key" ON "news_corrections" USING btree ("article_id","create_key");--> statement-breakpoint
CREATE INDEX "news_corrections_news_idx" ON "news_corrections" USING btree ("news_id","corrected_at");
