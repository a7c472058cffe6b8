CREATE TABLE "sandbox_card_orders" (
	"order_code" text PRIMARY KEY NOT NULL,
	"amount_cents" integer NOT NULL,
	"customer_trns" text DEFAULT '' NOT NULL,
	"merchant_trns" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_transactions" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"order_code" text NOT NULL,
	"status_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_card_transactions" ADD CONSTRAINT "sandbox_card_transactions_order_code_sandbox_card_orders_order_code_fk" FOREIGN KEY ("order_code") REFERENCES "public"."sandbox_card_orders"("order_code") ON DELETE no action ON UPDATE no action;