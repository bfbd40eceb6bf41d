CREATE TABLE "comment_idempotency" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"body_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text DEFAULT 'news' NOT NULL,
	"class_id" integer NOT NULL,
	"news_id" integer NOT NULL,
	"root_id" integer,
	"parent_id" integer,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"like_num" integer DEFAULT 0 NOT NULL,
	"reply_num" integer DEFAULT 0 NOT NULL,
	"is_good" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"class_id" integer NOT NULL,
	"news_id" integer NOT NULL,
	"comment_id" integer DEFAULT 0 NOT NULL,
	"platform_id" integer DEFAULT 0 NOT NULL,
	"reasons" text NOT NULL,
	"comment_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "comment_idempotency_user_key" ON "comment_idempotency" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "comments_target_idx" ON "comments" USING btree ("scope","news_id","root_id","id");--> statement-breakpoint
CREATE INDEX "comments_root_idx" ON "comments" USING btree ("root_id","id");--> statement-breakpoint
CREATE INDEX "comments_user_idx" ON "comments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "likes_user_target_key" ON "likes" USING btree ("user_id","kind","target_id");--> statement-breakpoint
CREATE INDEX "likes_target_idx" ON "likes" USING btree ("kind","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_user_target_key" ON "reports" USING btree ("user_id","kind","news_id","comment_id");--> statement-breakpoint
CREATE INDEX "reports_user_day_idx" ON "reports" USING btree ("user_id","created_at");