CREATE INDEX "news_hot_idx" ON "news" USING btree ("data_type","pv","id");--> statement-breakpoint
CREATE INDEX "special_category_news_news_idx" ON "special_category_news" USING btree ("news_id");