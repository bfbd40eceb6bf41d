CREATE TABLE "composition_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"essay_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reply_id" integer,
	"content" text NOT NULL,
	"review_state" text DEFAULT 'approved' NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "composition_essays" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"student_name" text NOT NULL,
	"school_id" integer NOT NULL,
	"grade" integer NOT NULL,
	"teacher_id" integer,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"review_state" text DEFAULT 'approved' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"score" integer,
	"review_text" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"is_recommend" boolean DEFAULT false NOT NULL,
	"newspaper_edition" text DEFAULT '' NOT NULL,
	"newspaper_date" text DEFAULT '' NOT NULL,
	"pv" integer DEFAULT 0 NOT NULL,
	"like_num" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "composition_essays_score_range" CHECK ("composition_essays"."score" is null or ("composition_essays"."score" >= 0 and "composition_essays"."score" <= 100)),
	CONSTRAINT "composition_essays_grade_range" CHECK ("composition_essays"."grade" >= 1 and "composition_essays"."grade" <= 12)
);
--> statement-breakpoint
CREATE TABLE "composition_news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "composition_schools" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"stage" text NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "composition_teachers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "composition_comments_essay_idx" ON "composition_comments" USING btree ("essay_id","id");--> statement-breakpoint
CREATE INDEX "composition_comments_user_idx" ON "composition_comments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "composition_comments_client_key" ON "composition_comments" USING btree ("user_id","client_key") WHERE "composition_comments"."client_key" is not null;--> statement-breakpoint
CREATE INDEX "composition_essays_feed_idx" ON "composition_essays" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "composition_essays_user_idx" ON "composition_essays" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "composition_essays_teacher_idx" ON "composition_essays" USING btree ("teacher_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "composition_essays_school_idx" ON "composition_essays" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "composition_essays_client_key" ON "composition_essays" USING btree ("user_id","client_key") WHERE "composition_essays"."client_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "composition_teachers_user_key" ON "composition_teachers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "composition_teachers_school_idx" ON "composition_teachers" USING btree ("school_id");