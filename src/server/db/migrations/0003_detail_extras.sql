CREATE TABLE "news_detail_extras" (
	"news_id" integer PRIMARY KEY NOT NULL,
	"hide_comments" boolean DEFAULT false NOT NULL,
	"hide_related" boolean DEFAULT false NOT NULL,
	"hide_ads" boolean DEFAULT false NOT NULL,
	"disclaimer" text DEFAULT '' NOT NULL,
	"is_syn" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news_detail_extras" ADD CONSTRAINT "news_detail_extras_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;