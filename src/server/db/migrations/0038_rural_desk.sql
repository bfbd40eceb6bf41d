ALTER TABLE "rural_posts" ADD COLUMN "pinned_at" timestamp with time zone;
