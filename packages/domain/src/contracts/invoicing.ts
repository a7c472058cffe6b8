import { z } from "zod";

/** A fiscal document's id in a path (documents.id is a 32-bit serial). */
export const documentIdParams = z.object({ documentId: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * GET api/admin/documents/pending (issue 13): the venue's documents still waiting for AADE and the
 * oldest one's age, so the admin sees an outage.
 */
export const pendingDocuments = z.object({ count: z.number().int(), oldestAgeSeconds: z.number().int() });
export type PendingDocuments = z.infer<typeof pendingDocuments>;
