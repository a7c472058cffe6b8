import { z } from "zod";
import { changedPasswordField, newPasswordField, printerIpField, requiredText, usernameField } from "./crm-fields.ts";

/**
 * A preparation area's form (spec 3 §3, §5): its name, the sign-in of its kitchen account and an
 * optional printer address. Names are unique in the venue, usernames on the whole platform.
 */
const areaFields = {
  name: requiredText("name.required"),
  username: usernameField,
  printerIp: printerIpField,
};

export const createPreparationAreaRequest = z.object({ ...areaFields, password: newPasswordField });
export type CreatePreparationAreaInput = z.input<typeof createPreparationAreaRequest>;
export type CreatePreparationAreaRequest = z.output<typeof createPreparationAreaRequest>;

/** An edited area: a password left untouched is not sent and stays as it was. */
export const updatePreparationAreaRequest = z.object({ ...areaFields, password: changedPasswordField });
export type UpdatePreparationAreaInput = z.input<typeof updatePreparationAreaRequest>;
export type UpdatePreparationAreaRequest = z.output<typeof updatePreparationAreaRequest>;

/** An area as the back office reads it; `label` is its name, as the spec's list shows it. */
export const crmPreparationArea = z.object({
  id: z.number(),
  name: z.string(),
  label: z.string(),
  username: z.string().nullable(),
  printerIp: z.string().nullable(),
});
export type CrmPreparationArea = z.infer<typeof crmPreparationArea>;
export const crmPreparationAreaList = z.array(crmPreparationArea);
