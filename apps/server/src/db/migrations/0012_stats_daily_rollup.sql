CREATE TABLE "stats_daily_income" (
	"retailer_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"area_id" integer,
	"cash_cents" integer NOT NULL,
	"pos_cents" integer NOT NULL,
	"online_cents" integer NOT NULL,
	"on_credit_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"cancelled_cents" integer NOT NULL,
	"register_sales" integer NOT NULL,
	"sessions" integer NOT NULL,
	"shared_sessions" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_daily_products" (
	"retailer_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"area_id" integer,
	"product_name" text NOT NULL,
	"count" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"gifts_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_rollup_days" (
	"retailer_id" integer NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stats_rollup_days_retailer_id_day_pk" PRIMARY KEY("retailer_id","day")
);
--> statement-breakpoint
ALTER TABLE "stats_daily_income" ADD CONSTRAINT "stats_daily_income_area_id_preparation_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."preparation_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_daily_income" ADD CONSTRAINT "stats_daily_income_retailer_id_day_stats_rollup_days_retailer_id_day_fk" FOREIGN KEY ("retailer_id","day") REFERENCES "public"."stats_rollup_days"("retailer_id","day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_daily_products" ADD CONSTRAINT "stats_daily_products_area_id_preparation_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."preparation_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_daily_products" ADD CONSTRAINT "stats_daily_products_retailer_id_day_stats_rollup_days_retailer_id_day_fk" FOREIGN KEY ("retailer_id","day") REFERENCES "public"."stats_rollup_days"("retailer_id","day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_rollup_days" ADD CONSTRAINT "stats_rollup_days_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stats_daily_income_day" ON "stats_daily_income" USING btree ("retailer_id","day");--> statement-breakpoint
CREATE INDEX "stats_daily_products_day" ON "stats_daily_products" USING btree ("retailer_id","day");--> statement-breakpoint
-- The statistics' daily roll-up never goes stale (issue 14): when a fact a rolled-up day was computed
-- from changes afterwards, the day is forgotten (its stats_rollup_days row, and by cascade its rows)
-- in the same transaction, and the next read rolls it up again. Today is never rolled up, so changes
-- of today (nearly all of them) cost one comparison.
--
-- The lock every roll-up fill of a venue takes before it reads (features/stats/stats-rollup.ts):
-- a fill that read the old facts has committed before a change forgets its day, or reads after it.
CREATE FUNCTION stats_rollup_lock(p_retailer_id integer) RETURNS void LANGUAGE sql AS $function$
  select pg_advisory_xact_lock(hashtext('stats_rollup'), p_retailer_id)
$function$;
--> statement-breakpoint
CREATE FUNCTION stats_forget_day(p_retailer_id integer, p_at timestamptz) RETURNS void LANGUAGE plpgsql AS $function$
BEGIN
  IF p_at IS NULL OR (p_at AT TIME ZONE 'Europe/Athens')::date >= (now() AT TIME ZONE 'Europe/Athens')::date THEN
    RETURN;
  END IF;
  PERFORM stats_rollup_lock(p_retailer_id);
  DELETE FROM stats_rollup_days WHERE retailer_id = p_retailer_id AND day = (p_at AT TIME ZONE 'Europe/Athens')::date;
END
$function$;
--> statement-breakpoint
-- A completed payment counts on its completion day. The app only ever completes a payment now and
-- never changes a completed one; these catch anything else (a script, a fix by hand, a new feature).
CREATE FUNCTION stats_forget_payment_days() RETURNS trigger LANGUAGE plpgsql AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_forget_day(d.retailer_id, d.completed_at)
    FROM (SELECT DISTINCT ON (retailer_id, (completed_at AT TIME ZONE 'Europe/Athens')::date) retailer_id, completed_at
          FROM inserted WHERE status = 'COMPLETED') d;
    RETURN NULL;
  END IF;
  IF OLD.status = 'COMPLETED' THEN PERFORM stats_forget_day(OLD.retailer_id, OLD.completed_at); END IF;
  IF TG_OP = 'UPDATE' AND NEW.status = 'COMPLETED' THEN PERFORM stats_forget_day(NEW.retailer_id, NEW.completed_at); END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE TRIGGER payments_stats_inserted AFTER INSERT ON payments REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION stats_forget_payment_days();
--> statement-breakpoint
CREATE TRIGGER payments_stats_changed AFTER UPDATE ON payments
  FOR EACH ROW WHEN (OLD.status = 'COMPLETED' OR NEW.status = 'COMPLETED') EXECUTE FUNCTION stats_forget_payment_days();
--> statement-breakpoint
CREATE TRIGGER payments_stats_deleted AFTER DELETE ON payments
  FOR EACH ROW WHEN (OLD.status = 'COMPLETED') EXECUTE FUNCTION stats_forget_payment_days();
--> statement-breakpoint
-- A piece paid or given counts on its payment's day, a cancelled one on the day it was cancelled,
-- by its table's kind. Pieces are written unpaid; the one later change the app makes to a settled
-- piece that the roll-up reads is a table transfer moving an open bill's cancelled pieces.
CREATE FUNCTION stats_forget_piece_days() RETURNS trigger LANGUAGE plpgsql AS $function$
BEGIN
  PERFORM stats_forget_day(p.retailer_id, p.completed_at) FROM payments p
    WHERE p.id IN (OLD.payment_id, NEW.payment_id) AND p.status = 'COMPLETED';
  IF OLD.payment_status = 'CANCELLED' THEN PERFORM stats_forget_day(OLD.retailer_id, OLD.status_changed_at); END IF;
  IF NEW.payment_status = 'CANCELLED' THEN PERFORM stats_forget_day(NEW.retailer_id, NEW.status_changed_at); END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE TRIGGER order_products_stats_changed AFTER UPDATE ON order_products FOR EACH ROW
  WHEN (OLD.payment_status <> 'UNPAID' AND (
    OLD.payment_status <> NEW.payment_status OR OLD.payment_id IS DISTINCT FROM NEW.payment_id
    OR OLD.unit_price_cents <> NEW.unit_price_cents OR OLD.discount_cents <> NEW.discount_cents
    OR OLD.product_name <> NEW.product_name OR OLD.preparation_area_id IS DISTINCT FROM NEW.preparation_area_id
    OR (OLD.payment_status = 'CANCELLED' AND (OLD.table_id <> NEW.table_id OR OLD.status_changed_at <> NEW.status_changed_at))))
  EXECUTE FUNCTION stats_forget_piece_days();
