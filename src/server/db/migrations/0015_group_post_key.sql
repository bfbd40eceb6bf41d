ALTER TABLE "bang_group_posts" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "bang_group_posts_client_key_idx" ON "bang_group_posts" USING btree ("user_id","client_key");