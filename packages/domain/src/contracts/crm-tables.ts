import { z } from "zod";
import { isValidTableCode, TABLE_CODE_MAX_LENGTH } from "../validators.ts";
import { idList, requiredText } from "./crm-fields.ts";

/**
 * A table as the admin edits it (spec 3 §3, §5): label and code required and unique, the waiters
 * who supervise it, and whether it is in service.
 */
export const tableForm = z.object({
  label: requiredText("table.label.required", 50),
  code: z
    .string({ error: "table.code.required" })
    .trim()
    .min(1, { message: "table.code.required", abort: true })
    .max(TABLE_CODE_MAX_LENGTH, { message: "text.tooLong", abort: true })
    .refine(isValidTableCode, { message: "table.code.invalid" }),
  waiterIds: idList,
  onService: z.boolean({ error: "field.invalid" }).default(true),
});
export type TableFormInput = z.input<typeof tableForm>;
export type TableForm = z.output<typeof tableForm>;

/** A table as the back office reads it; `customerUrl` is what its QR code opens. */
export const crmTable = z.object({
  id: z.number(),
  code: z.string(),
  label: z.string(),
  waiterIds: z.array(z.number()),
  onService: z.boolean(),
  /** A table with an open session cannot be deleted (active_session_on_table). */
  hasActiveSession: z.boolean(),
  customerUrl: z.string(),
});
export type CrmTable = z.infer<typeof crmTable>;
export const crmTableList = z.array(crmTable);
