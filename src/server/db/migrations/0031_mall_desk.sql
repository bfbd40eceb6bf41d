ALTER TABLE "mall_goods" ADD COLUMN "sale_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mall_goods" ADD COLUMN "sale_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mall_goods" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mall_goods" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "mall_exchanges" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mall_exchanges" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "mall_exchanges" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "mall_exchanges" ADD COLUMN "verified_by" integer;--> statement-breakpoint
CREATE TABLE "mall_stock_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text NOT NULL,
	"staff_id" integer,
	"staff_name" text NOT NULL,
	"idem_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mall_stock_changes_delta_nonzero" CHECK ("mall_stock_changes"."delta" <> 0),
	CONSTRAINT "mall_stock_changes_after_nonnegative" CHECK ("mall_stock_changes"."stock_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mall_ship_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer,
	"staff_name" text NOT NULL,
	"orders" integer NOT NULL,
	"idem_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_merchant_staff" (
	"staff_id" integer PRIMARY KEY NOT NULL,
	"merchant" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mall_stock_changes" ADD CONSTRAINT "mall_stock_changes_goods_id_mall_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."mall_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_merchant_staff" ADD CONSTRAINT "mall_merchant_staff_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_exchanges" ADD CONSTRAINT "mall_exchanges_batch_id_mall_ship_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."mall_ship_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mall_stock_changes_key" ON "mall_stock_changes" USING btree ("idem_key");--> statement-breakpoint
CREATE INDEX "mall_stock_changes_goods_idx" ON "mall_stock_changes" USING btree ("goods_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_ship_batches_key" ON "mall_ship_batches" USING btree ("idem_key");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_goods_client_key" ON "mall_goods" USING btree ("client_key");--> statement-breakpoint
CREATE INDEX "mall_exchanges_queue_idx" ON "mall_exchanges" USING btree ("kind","status","id");--> statement-breakpoint
CREATE INDEX "mall_exchanges_code_idx" ON "mall_exchanges" USING btree ("code");--> statement-breakpoint
CREATE INDEX "mall_merchant_staff_merchant_idx" ON "mall_merchant_staff" USING btree ("merchant");--> statement-breakpoint
CREATE INDEX "points_ledger_day_idx" ON "points_ledger" USING btree ("day","id");
