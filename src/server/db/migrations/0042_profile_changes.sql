CREATE TABLE "profile_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"user_pic" text DEFAULT '' NOT NULL,
	"old_nickname" text NOT NULL,
	"old_user_pic" text DEFAULT '' NOT NULL,
	"review_state" text DEFAULT 'pending' NOT NULL,
	"review_reason" text DEFAULT '' NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_changes_something" CHECK ("profile_changes"."nickname" <> '' or "profile_changes"."user_pic" <> '')
);
--> statement-breakpoint
CREATE INDEX "profile_changes_user_idx" ON "profile_changes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_changes_client_key" ON "profile_changes" USING btree ("user_id","client_key") WHERE "profile_changes"."client_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "profile_changes_one_pending" ON "profile_changes" USING btree ("user_id") WHERE "profile_changes"."review_state" = 'pending';
