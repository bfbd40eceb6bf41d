CREATE TABLE "complaint_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"platform" text NOT NULL,
	"shop_name" text NOT NULL,
	"order_no" text DEFAULT '' NOT NULL,
	"amount_fen" integer DEFAULT 0 NOT NULL,
	"problem_type" text NOT NULL,
	"content" text NOT NULL,
	"demand" text NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_phone" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"refuse_reason" text DEFAULT '' NOT NULL,
	"seller_reply" text DEFAULT '' NOT NULL,
	"seller_reply_at" timestamp with time zone,
	"review_state" text DEFAULT 'approved' NOT NULL,
	"review_reason" text DEFAULT '' NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_status_known" CHECK ("complaints"."status" in ('submitted', 'accepted', 'processing', 'completed', 'refused')),
	CONSTRAINT "complaints_amount_nonnegative" CHECK ("complaints"."amount_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cooperation_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"company" text NOT NULL,
	"phone" text NOT NULL,
	"need" text NOT NULL,
	"kind" text DEFAULT 'other' NOT NULL,
	"client_key" text,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reader_photo_likes" (
	"photo_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reader_photo_likes_photo_id_user_id_pk" PRIMARY KEY("photo_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reader_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"url" text NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"caption" text NOT NULL,
	"like_num" integer DEFAULT 0 NOT NULL,
	"review_state" text DEFAULT 'approved' NOT NULL,
	"review_reason" text DEFAULT '' NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "reader_photos_like_nonnegative" CHECK ("reader_photos"."like_num" >= 0)
);
--> statement-breakpoint
CREATE INDEX "complaint_events_complaint_idx" ON "complaint_events" USING btree ("complaint_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_created_idx" ON "complaints" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "complaints_user_idx" ON "complaints" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_client_key" ON "complaints" USING btree ("user_id","client_key") WHERE "complaints"."client_key" is not null;--> statement-breakpoint
CREATE INDEX "cooperation_requests_created_idx" ON "cooperation_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cooperation_requests_client_key" ON "cooperation_requests" USING btree ("client_key");--> statement-breakpoint
CREATE INDEX "reader_photos_created_idx" ON "reader_photos" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reader_photos_user_idx" ON "reader_photos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reader_photos_client_key" ON "reader_photos" USING btree ("user_id","client_key") WHERE "reader_photos"."client_key" is not null;