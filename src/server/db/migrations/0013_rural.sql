CREATE TABLE "rural_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"expert_id" integer NOT NULL,
	"content" text NOT NULL,
	"like_num" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rural_credit_deeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"household_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"points" integer NOT NULL,
	"day" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rural_credit_levels" (
	"rating" text PRIMARY KEY NOT NULL,
	"min_points" integer NOT NULL,
	"title" text NOT NULL,
	"benefits" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rural_experts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"org" text NOT NULL,
	"tags" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rural_households" (
	"id" serial PRIMARY KEY NOT NULL,
	"village_id" integer NOT NULL,
	"masked_name" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rural_markets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"district" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rural_post_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"review_state" text DEFAULT 'approved' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "rural_post_comments_review_check" CHECK ("rural_post_comments"."review_state" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "rural_post_likes" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rural_post_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "rural_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"like_num" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"review_state" text DEFAULT 'approved' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "rural_posts_review_check" CHECK ("rural_posts"."review_state" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "rural_prices" (
	"product_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"day" text NOT NULL,
	"price_fen" integer NOT NULL,
	CONSTRAINT "rural_prices_market_id_day_product_id_pk" PRIMARY KEY("market_id","day","product_id"),
	CONSTRAINT "rural_prices_positive" CHECK ("rural_prices"."price_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "rural_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"unit" text DEFAULT '元/斤' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rural_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"tag" text NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"pv" integer DEFAULT 0 NOT NULL,
	"review_state" text DEFAULT 'approved' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "rural_questions_review_check" CHECK ("rural_questions"."review_state" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "rural_tabs" (
	"id" serial PRIMARY KEY NOT NULL,
	"page" text NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"column_id" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rural_tabs_page_check" CHECK ("rural_tabs"."page" in ('general', 'sub'))
);
--> statement-breakpoint
CREATE TABLE "rural_villages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"district" text NOT NULL,
	"town" text NOT NULL,
	"households" integer NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rural_answers_question_idx" ON "rural_answers" USING btree ("question_id","created_at");--> statement-breakpoint
CREATE INDEX "rural_credit_deeds_village_idx" ON "rural_credit_deeds" USING btree ("village_id","day");--> statement-breakpoint
CREATE INDEX "rural_credit_deeds_day_idx" ON "rural_credit_deeds" USING btree ("day","id");--> statement-breakpoint
CREATE INDEX "rural_households_village_idx" ON "rural_households" USING btree ("village_id","points");--> statement-breakpoint
CREATE INDEX "rural_post_comments_post_idx" ON "rural_post_comments" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rural_post_comments_client_key" ON "rural_post_comments" USING btree ("user_id","client_key") WHERE "rural_post_comments"."client_key" is not null;--> statement-breakpoint
CREATE INDEX "rural_posts_feed_idx" ON "rural_posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rural_posts_client_key" ON "rural_posts" USING btree ("user_id","client_key") WHERE "rural_posts"."client_key" is not null;--> statement-breakpoint
CREATE INDEX "rural_questions_feed_idx" ON "rural_questions" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rural_questions_client_key" ON "rural_questions" USING btree ("user_id","client_key") WHERE "rural_questions"."client_key" is not null;--> statement-breakpoint
CREATE INDEX "rural_tabs_page_idx" ON "rural_tabs" USING btree ("page","parent_id","sort");