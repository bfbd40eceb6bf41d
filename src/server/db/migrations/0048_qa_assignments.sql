CREATE TABLE "qa_assignments" (
	"question_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"assigned_by" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qa_assignments" ADD CONSTRAINT "qa_assignments_question_id_bang_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."bang_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_assignments" ADD CONSTRAINT "qa_assignments_assigned_by_staff_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qa_assignments_user_idx" ON "qa_assignments" USING btree ("user_id","assigned_at");