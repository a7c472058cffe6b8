CREATE SEQUENCE "public"."sandbox_mydata_mark" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 400000000000001 CACHE 1;--> statement-breakpoint
-- Books kept before the sequence: marks go on above every mark they hold, cancellations' included.
SELECT setval('"public"."sandbox_mydata_mark"', (
  SELECT max(m)::bigint FROM (
    SELECT mark::numeric AS m FROM sandbox_mydata_invoices
    UNION ALL
    SELECT cancelled_by_mark::numeric FROM sandbox_mydata_invoices WHERE cancelled_by_mark IS NOT NULL
  ) AS marks
)) WHERE EXISTS (SELECT 1 FROM sandbox_mydata_invoices);
