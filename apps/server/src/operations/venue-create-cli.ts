import { parseArgs } from "node:util";
import { createdVenue, createVenueRequest } from "@tableorder/domain/contracts/operator";
import { createVenue } from "../features/operator/create-venue.ts";
import { listVenues } from "../features/operator/list-venues.ts";
import { parseCommandInput, runOnboardingCommand } from "./onboarding-command.ts";
import { OperatorError } from "./operator-error.ts";

// `npm run venue:create -- --name "Καφέ Λιμάνι" --admin maria [--type CAFE] [--first-name Μαρία]
// [--last-name Παππά]`: a venue with its first administrator, who gets a one-time set-password
// link (printed here) to choose a password. Through the running server on the embedded database,
// or on the database itself (operations/onboarding-command.ts).
try {
  const { values } = parseArgs({
    options: {
      name: { type: "string" },
      admin: { type: "string" },
      type: { type: "string", default: "RESTAURANT" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
    },
  });
  const body = {
    name: values.name,
    type: values.type,
    adminUsername: values.admin,
    adminFirstName: values["first-name"],
    adminLastName: values["last-name"],
  };
  const form = parseCommandInput(createVenueRequest, body);
  const { venue, link } = await runOnboardingCommand({
    route: "/operations/venues",
    body,
    answer: createdVenue,
    direct: async ({ db, ...links }) => {
      const created = await createVenue({ db, form, ...links });
      const [venue] = await listVenues(db, [created.retailerId]);
      return { venue, link: created.link };
    },
  });
  console.log(`Venue "${venue.name}" created (id ${venue.id}), administrator ${venue.adminUsername}.`);
  console.log("Pass this one-time link to the administrator to choose a password");
  console.log(`(it works once, until ${link.expiresAt}):\n\n  ${link.url}\n`);
} catch (error) {
  if (!(error instanceof OperatorError || (error as NodeJS.ErrnoException).code?.startsWith("ERR_PARSE_ARGS"))) throw error;
  console.error((error as Error).message);
  process.exit(1);
}
