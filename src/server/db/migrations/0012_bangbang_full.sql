CREATE TABLE "bang_explainers" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"paragraphs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"pv" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bang_group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bang_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "bang_group_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"like_num" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"review_state" text DEFAULT 'approved' NOT NULL,
	"review_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bang_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bang_tips" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_url" text DEFAULT '' NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"handling" integer DEFAULT 0 NOT NULL,
	"like_num" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"review_state" text DEFAULT 'approved' NOT NULL,
	"review_reason" text DEFAULT '' NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bang_answers" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "bang_members" ADD COLUMN "department" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bang_members" ADD COLUMN "proof_picture" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bang_politics" ADD COLUMN "reply_user_id" integer;--> statement-breakpoint
ALTER TABLE "bang_politics" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bang_politics" ADD COLUMN "review_state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "bang_politics" ADD COLUMN "review_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bang_politics" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "bang_questions" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "bang_group_members_user_idx" ON "bang_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bang_group_posts_group_idx" ON "bang_group_posts" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "bang_tips_created_idx" ON "bang_tips" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bang_tips_client_key_idx" ON "bang_tips" USING btree ("user_id","client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bang_answers_client_key_idx" ON "bang_answers" USING btree ("user_id","client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bang_politics_client_key_idx" ON "bang_politics" USING btree ("user_id","client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bang_questions_client_key_idx" ON "bang_questions" USING btree ("user_id","client_key");