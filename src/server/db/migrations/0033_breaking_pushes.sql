CREATE TABLE "breaking_pushes" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"news_id" integer NOT NULL,
	"text" text NOT NULL,
	"staff_id" integer NOT NULL,
	"staff_name" text NOT NULL,
	"create_key" text NOT NULL,
	"pushed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "breaking_pushes" ADD CONSTRAINT "breaking_pushes_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "breaking_pushes_create_key" ON "breaking_pushes" USING btree ("create_key");--> statement-breakpoint
CREATE INDEX "breaking_pushes_at_idx" ON "breaking_pushes" USING btree ("pushed_at");
