CREATE TABLE "complaint_follow_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"complaint_id" integer NOT NULL,
	"content" text NOT NULL,
	"review_state" text DEFAULT 'approved' NOT NULL,
	"review_reason" text DEFAULT '' NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "complaints" DROP CONSTRAINT "complaints_status_known";--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "unit_id" integer;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "reply_staff_id" integer;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "closed_by" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "complaint_follow_ups_once" ON "complaint_follow_ups" USING btree ("complaint_id");--> statement-breakpoint
CREATE UNIQUE INDEX "complaint_follow_ups_client_key" ON "complaint_follow_ups" USING btree ("user_id","client_key") WHERE "complaint_follow_ups"."client_key" is not null;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_unit_id_answer_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."answer_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_unit_idx" ON "complaints" USING btree ("unit_id","status");--> statement-breakpoint
CREATE INDEX "complaints_replied_idx" ON "complaints" USING btree ("status","seller_reply_at");--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_closed_by_known" CHECK ("complaints"."closed_by" in ('', 'complainant', 'auto'));--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_status_known" CHECK ("complaints"."status" in ('submitted', 'accepted', 'processing', 'replied', 'completed', 'refused'));