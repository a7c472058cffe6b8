import { z } from "zod";
import { changedPasswordField, idList, newPasswordField, requiredText, usernameField } from "./crm-fields.ts";

/** The fields of a waiter's form (spec 3 §3, §5); `tableIds` are the tables they supervise. */
const waiterFields = {
  firstName: requiredText("firstName.required"),
  lastName: requiredText("lastName.required"),
  userName: usernameField,
  tableIds: idList,
};

/** A new waiter: the password is required. */
export const createWaiterRequest = z.object({ ...waiterFields, password: newPasswordField });
export type CreateWaiterInput = z.input<typeof createWaiterRequest>;
export type CreateWaiterRequest = z.output<typeof createWaiterRequest>;

/** An edited waiter: a password left untouched is not sent and stays as it was. */
export const updateWaiterRequest = z.object({ ...waiterFields, password: changedPasswordField });
export type UpdateWaiterInput = z.input<typeof updateWaiterRequest>;
export type UpdateWaiterRequest = z.output<typeof updateWaiterRequest>;

/** A waiter as the back office reads it; the password never leaves the server. */
export const crmWaiter = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  userName: z.string(),
  tableIds: z.array(z.number()),
});
export type CrmWaiter = z.infer<typeof crmWaiter>;
export const crmWaiterList = z.array(crmWaiter);

/** A table in the waiter form's assignment list, with how many waiters supervise it. */
export const waiterTableOption = z.object({ id: z.number(), label: z.string(), waiterCount: z.number().int() });
export type WaiterTableOption = z.infer<typeof waiterTableOption>;
export const waiterTableOptions = z.array(waiterTableOption);
