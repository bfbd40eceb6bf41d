CREATE TABLE "work_calendar" (
	"day" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_calendar_kind_known" CHECK ("work_calendar"."kind" in ('holiday','workday'))
);
--> statement-breakpoint
ALTER TABLE "work_calendar" ADD CONSTRAINT "work_calendar_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;