import type { ContactFormRequest } from "@tableorder/domain/contracts/contact";
import type { Db } from "../../db/client.ts";
import { contactRequests } from "../../db/schema.ts";

/** A venue owner asks to be contacted; the request is kept for the sales team. */
export async function submitContactForm(options: { db: Db } & ContactFormRequest): Promise<void> {
  await options.db.insert(contactRequests).values({
    name: options.name,
    companyName: options.companyName,
    phone: options.phone,
    email: options.email,
  });
}
