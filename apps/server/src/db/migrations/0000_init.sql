CREATE TABLE "bus_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_terminals" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_id" integer NOT NULL,
	"friendly_name" text NOT NULL,
	"tid" text NOT NULL,
	"mid" text,
	"authorization_code" text,
	"type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"company_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dining_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_id" integer NOT NULL,
	"kind" text DEFAULT 'TABLE' NOT NULL,
	"label" text NOT NULL,
	"code" text NOT NULL,
	"on_service" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_id" integer NOT NULL,
	"payment_id" integer,
	"ticket_id" integer,
	"type" text NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"uid" text,
	"mark" text,
	"authentication_code" text,
	"qr_url" text,
	"total_cents" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"order_form_status" text,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kitchen_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"preparation_area_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"ticket_number" integer NOT NULL,
	"service_mode" text DEFAULT 'DINE_IN' NOT NULL,
	"printed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"ticket_id" integer,
	"preparation_area_id" integer,
	"product_name" text NOT NULL,
	"product_name_eng" text,
	"unit_price_cents" integer NOT NULL,
	"options" jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"is_gifted" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'SENT' NOT NULL,
	"payment_status" text DEFAULT 'UNPAID' NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"payment_id" integer,
	"billed" boolean DEFAULT false NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"sender_type" text NOT NULL,
	"sent_by_user_id" integer NOT NULL,
	"service_mode" text DEFAULT 'DINE_IN' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"type" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"amount_cents" integer NOT NULL,
	"cash_cents" integer DEFAULT 0 NOT NULL,
	"card_cents" integer DEFAULT 0 NOT NULL,
	"on_credit_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"provider" text,
	"provider_order_code" text,
	"provider_transaction_id" text,
	"terminal_id" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"collected_by_user_id" integer,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preparation_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_id" integer NOT NULL,
	"name" text NOT NULL,
	"printer_ip" text,
	"active" boolean DEFAULT true NOT NULL,
	"auto_print" boolean DEFAULT false NOT NULL,
	"age_warn_minutes" integer DEFAULT 10 NOT NULL,
	"age_late_minutes" integer DEFAULT 20 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_eng" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"name_eng" text,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_id" integer NOT NULL,
	"category_id" integer,
	"name" text NOT NULL,
	"name_eng" text,
	"description" text,
	"description_eng" text,
	"type" text DEFAULT 'GOOD' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"has_dine_in_price" boolean DEFAULT true NOT NULL,
	"take_away_price_cents" integer,
	"has_take_away_price" boolean DEFAULT false NOT NULL,
	"vat_category" integer DEFAULT 1 NOT NULL,
	"preparation_area_id" integer,
	"image_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"take_away_active" boolean DEFAULT true NOT NULL,
	"allergens" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retailers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_eng" text,
	"type" text DEFAULT 'RESTAURANT' NOT NULL,
	"main_cuisine" text,
	"secondary_cuisine" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"thumbnail_url" text,
	"translations_active" boolean DEFAULT false NOT NULL,
	"printer_ip" text,
	"auto_print_active" boolean DEFAULT false NOT NULL,
	"waiters_see_all_tables" boolean DEFAULT false NOT NULL,
	"invoicing_enabled" boolean DEFAULT false NOT NULL,
	"invoicing" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ticket_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_guests" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_out_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "table_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "table_waiters" (
	"table_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "table_waiters_table_id_user_id_pk" PRIMARY KEY("table_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_id" integer,
	"role" text NOT NULL,
	"login" text NOT NULL,
	"password_hash" text,
	"first_name" text,
	"last_name" text,
	"email" text,
	"image_url" text,
	"lang_key" text DEFAULT 'el' NOT NULL,
	"activated" boolean DEFAULT true NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"preparation_area_id" integer,
	"identity_provider" text,
	"identity_subject" text,
	"last_active_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiter_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"session_id" integer,
	"type" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"preparation_area_id" integer,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_user_id" integer,
	"completed_by_user_id" integer,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_terminals" ADD CONSTRAINT "card_terminals_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_ticket_id_kitchen_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."kitchen_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD CONSTRAINT "kitchen_tickets_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD CONSTRAINT "kitchen_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD CONSTRAINT "kitchen_tickets_preparation_area_id_preparation_areas_id_fk" FOREIGN KEY ("preparation_area_id") REFERENCES "public"."preparation_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD CONSTRAINT "kitchen_tickets_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_session_id_table_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."table_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_ticket_id_kitchen_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."kitchen_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_preparation_area_id_preparation_areas_id_fk" FOREIGN KEY ("preparation_area_id") REFERENCES "public"."preparation_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_session_id_table_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."table_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_session_id_table_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."table_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_collected_by_user_id_users_id_fk" FOREIGN KEY ("collected_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preparation_areas" ADD CONSTRAINT "preparation_areas_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_preparation_area_id_preparation_areas_id_fk" FOREIGN KEY ("preparation_area_id") REFERENCES "public"."preparation_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_guests" ADD CONSTRAINT "table_guests_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_guests" ADD CONSTRAINT "table_guests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_sessions" ADD CONSTRAINT "table_sessions_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_sessions" ADD CONSTRAINT "table_sessions_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_waiters" ADD CONSTRAINT "table_waiters_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_waiters" ADD CONSTRAINT "table_waiters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_preparation_area_id_preparation_areas_id_fk" FOREIGN KEY ("preparation_area_id") REFERENCES "public"."preparation_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiter_requests" ADD CONSTRAINT "waiter_requests_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiter_requests" ADD CONSTRAINT "waiter_requests_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiter_requests" ADD CONSTRAINT "waiter_requests_session_id_table_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."table_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiter_requests" ADD CONSTRAINT "waiter_requests_preparation_area_id_preparation_areas_id_fk" FOREIGN KEY ("preparation_area_id") REFERENCES "public"."preparation_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiter_requests" ADD CONSTRAINT "waiter_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiter_requests" ADD CONSTRAINT "waiter_requests_completed_by_user_id_users_id_fk" FOREIGN KEY ("completed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_code" ON "dining_tables" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_retailer_label" ON "dining_tables" USING btree ("retailer_id","kind","label") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "kitchen_tickets_area_open" ON "kitchen_tickets" USING btree ("preparation_area_id","completed_at");--> statement-breakpoint
CREATE INDEX "order_products_session" ON "order_products" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "order_products_ticket" ON "order_products" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "order_products_table_status" ON "order_products" USING btree ("table_id","payment_status");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency" ON "orders" USING btree ("sent_by_user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_order" ON "payments" USING btree ("provider","provider_order_code");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_transaction" ON "payments" USING btree ("provider","provider_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "preparation_areas_retailer_name" ON "preparation_areas" USING btree ("retailer_id","name");--> statement-breakpoint
CREATE INDEX "product_categories_retailer" ON "product_categories" USING btree ("retailer_id");--> statement-breakpoint
CREATE INDEX "product_options_product" ON "product_options" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_retailer" ON "products" USING btree ("retailer_id");--> statement-breakpoint
CREATE INDEX "products_category" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "table_guests_one_active" ON "table_guests" USING btree ("user_id") WHERE checked_out_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "table_sessions_one_open" ON "table_sessions" USING btree ("table_id") WHERE status = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "users_login" ON "users" USING btree ("login");--> statement-breakpoint
CREATE UNIQUE INDEX "users_identity" ON "users" USING btree ("identity_provider","identity_subject");--> statement-breakpoint
CREATE INDEX "users_retailer" ON "users" USING btree ("retailer_id");--> statement-breakpoint
CREATE INDEX "waiter_requests_retailer_active" ON "waiter_requests" USING btree ("retailer_id","status");