CREATE TABLE "document_counters" (
	"retailer_id" integer NOT NULL,
	"series" text NOT NULL,
	"invoice_type" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_counters_retailer_id_series_invoice_type_pk" PRIMARY KEY("retailer_id","series","invoice_type")
);
--> statement-breakpoint
CREATE TABLE "sandbox_mydata_invoices" (
	"mark" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"issuer_vat_number" text NOT NULL,
	"series" text NOT NULL,
	"aa" text NOT NULL,
	"issue_date" text NOT NULL,
	"invoice_type" text NOT NULL,
	"authentication_code" text NOT NULL,
	"qr_url" text NOT NULL,
	"cancelled_by_mark" text,
	"cancellation_date" text,
	"xml" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "invoice_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "issuer_vat_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "branch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "issue_date" date;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "net_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "vat_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "sections" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "payment_methods" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "card_info" jsonb;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "table_id" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "table_name" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "waiter_name" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "order_submitted_by" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "correlated_document_id" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "send_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "transmitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "retailers" ADD COLUMN "mydata_credentials" text;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_mydata_invoices_uid" ON "sandbox_mydata_invoices" USING btree ("uid");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_number" ON "documents" USING btree ("retailer_id","series","invoice_type","number");--> statement-breakpoint
CREATE INDEX "documents_payment" ON "documents" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "documents_correlated" ON "documents" USING btree ("correlated_document_id");--> statement-breakpoint
CREATE INDEX "documents_outbox" ON "documents" USING btree ("next_attempt_at") WHERE status = 'PENDING';