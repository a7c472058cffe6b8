import { z } from "zod";
import { isValidEmail, isValidGreekPhone } from "../validators.ts";

/** Message keys of the contact form, as spec 3 §5 names them. */
const required = (max: number) => z.string({ error: "fieldRequired" }).trim().min(1, "fieldRequired").max(max, "Size");

export const contactFormRequest = z.object({
  name: required(100),
  companyName: required(150),
  phone: required(30).refine(isValidGreekPhone, "invalidPhone"),
  email: required(200).refine(isValidEmail, "invalidEmail"),
});
export type ContactFormRequest = z.infer<typeof contactFormRequest>;
