ALTER TABLE "payments" ADD COLUMN "tip_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "tip_method" text;--> statement-breakpoint
ALTER TABLE "sandbox_card_orders" ADD COLUMN "tip_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_terminal_sales" ADD COLUMN "tip_cents" integer DEFAULT 0 NOT NULL;