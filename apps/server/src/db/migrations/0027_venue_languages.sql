ALTER TABLE "order_products" ADD COLUMN "product_name_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_categories" ADD COLUMN "name_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_options" ADD COLUMN "name_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "retailers" ADD COLUMN "menu_languages" jsonb DEFAULT '["en"]'::jsonb NOT NULL;--> statement-breakpoint
-- write_order also freezes the product's German, French and Italian names with each unit, for the
-- guest's feed in their language (decision 046). The body is 0020's otherwise.
CREATE OR REPLACE FUNCTION write_order(
  p_table_id int,
  p_retailer_id int,
  p_guest_user_id int,
  p_user_id int,
  p_idempotency_key text,
  p_sender_type text,
  p_service_mode text,
  p_area_ids int[],
  p_units jsonb
) RETURNS TABLE (
  order_id int,
  table_name text,
  sessions bigint,
  created_at text,
  tickets jsonb,
  unit_ids jsonb,
  sender jsonb,
  payment_requested boolean
) LANGUAGE plpgsql VOLATILE AS $function$
#variable_conflict use_column
BEGIN
  IF p_guest_user_id IS NOT NULL THEN
    -- requestPayment holds this row FOR UPDATE while it writes the request: a guest's order waits
    -- for it here, and the check below (a new statement, so a new snapshot) then sees the request.
    PERFORM 1 FROM dining_tables WHERE id = p_table_id AND retailer_id = p_retailer_id FOR SHARE;
    IF EXISTS (
      SELECT 1 FROM waiter_requests r
      WHERE r.retailer_id = p_retailer_id AND r.status = 'ACTIVE' AND r.table_id = p_table_id
        AND r.type IN ('PAYMENT', 'PAYMENT_WITH_POS', 'PARTIAL_PAYMENT', 'PARTIAL_PAYMENT_WITH_POS')
    ) AND NOT EXISTS (
      SELECT 1 FROM orders o WHERE o.sent_by_user_id = p_user_id AND o.idempotency_key = p_idempotency_key
    ) THEN
      RETURN QUERY SELECT null::int, null::text, 0::bigint, null::text, '[]'::jsonb, '[]'::jsonb, null::jsonb, true;
      RETURN;
    END IF;
  END IF;
  RETURN QUERY
    with live_table as (
      select t.id, t.label from dining_tables t
      where t.id = p_table_id and t.retailer_id = p_retailer_id and t.deleted_at is null
        and (p_guest_user_id is null or exists (
          select 1 from table_guests g
          where g.table_id = t.id and g.user_id = p_guest_user_id and g.checked_out_at is null))
      for share of t
    ), repeated as (
      select 1 from orders where sent_by_user_id = p_user_id and idempotency_key = p_idempotency_key
    ), open_session as (
      select s.id from table_sessions s join live_table t on t.id = s.table_id where s.status = 'OPEN'
    ), created_session as (
      insert into table_sessions (retailer_id, table_id)
      select p_retailer_id, id from live_table
      where not exists (select 1 from open_session) and not exists (select 1 from repeated)
      on conflict do nothing
      returning id
    ), session as (
      select id from open_session union all select id from created_session
    ), new_order as (
      insert into orders (retailer_id, session_id, table_id, sender_type, sent_by_user_id, service_mode, idempotency_key)
      select p_retailer_id, id, p_table_id, p_sender_type, p_user_id, p_service_mode, p_idempotency_key
      from session
      on conflict do nothing
      returning id, session_id
    ), counter as (
      update retailers set ticket_seq = ticket_seq + cardinality(p_area_ids)
      where id = p_retailer_id and cardinality(p_area_ids) > 0 and exists (select 1 from new_order)
      returning ticket_seq
    ), new_tickets as (
      insert into kitchen_tickets (retailer_id, order_id, preparation_area_id, table_id, ticket_number, service_mode)
      select p_retailer_id, o.id, area.id, p_table_id, c.ticket_seq - cardinality(p_area_ids) + area.position, p_service_mode
      from new_order o
      cross join counter c
      cross join unnest(p_area_ids) with ordinality as area(id, position)
      returning id, preparation_area_id, ticket_number
    ), units as (
      insert into order_products (retailer_id, order_id, session_id, table_id, product_id, ticket_id,
        preparation_area_id, product_name, product_name_eng, product_name_translations, unit_price_cents, options, notes,
        is_gifted)
      select p_retailer_id, o.id, o.session_id, p_table_id, u."productId", t.id,
        u."areaId", u.name, u."nameEng", coalesce(u."nameTranslations", '{}'), u."priceCents", u.options, u.notes,
        u."isGifted"
      from new_order o
      cross join jsonb_to_recordset(p_units) as u(
        "productId" int, "areaId" int, name text, "nameEng" text, "nameTranslations" jsonb, "priceCents" int, options jsonb,
        notes text, "isGifted" boolean, position int)
      left join new_tickets t on t.preparation_area_id = u."areaId"
      order by u.position
      returning id, preparation_area_id
    ), service as (
      insert into waiter_requests (retailer_id, table_id, session_id, type, items, created_by_user_id)
      select p_retailer_id, p_table_id, o.session_id, 'SERVICE', served.items, p_user_id
      from new_order o
      cross join (
        select jsonb_agg(jsonb_build_object('orderProductId', id, 'quantity', 1) order by id) as items
        from units where preparation_area_id is null
      ) served
      where served.items is not null
      returning id
    )
    select
      (select id from new_order),
      (select label from live_table),
      (select count(*) from session),
      to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      coalesce((select jsonb_agg(jsonb_build_object('id', id, 'areaId', preparation_area_id, 'number', ticket_number)
        order by id) from new_tickets), '[]'),
      coalesce((select jsonb_agg(id order by id) from units), '[]'),
      (select jsonb_build_object('firstName', first_name, 'lastName', last_name) from users where id = p_user_id),
      false;
END
$function$;
