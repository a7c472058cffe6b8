import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import { errorBody } from "@tableorder/domain/contracts/common";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { unauthorized } from "../../lib/app-error.ts";
import { fileAnswer } from "../../lib/openapi.ts";
import { backupFileName } from "../../operations/backup-archive.ts";
import {
  announceOperationsEndpoint,
  localUrl,
  serverTokenCheck,
  withdrawOperationsEndpoint,
} from "../../operations/operations-endpoint.ts";
import { removeLeftoverPacks, streamBackup } from "./backup-pack.ts";

/**
 * The operator's tools, for the commands on the server's own machine (apps/server/src/operations):
 * a backup of the embedded database while it serves. PGlite lives inside this process and its
 * directory must not be opened by a second one, so the running server makes the copy. The guard is
 * the token this server announces in its data directory (operations/operations-endpoint.ts); with
 * PostgreSQL there is none (pg_dump backs it up) and every caller is refused.
 */
export const operationsRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  database: Database;
  /** The token this server announces (serverTokenFor); null on PostgreSQL or in memory. */
  token: string | null;
}> = async (app, { ctx, database, token }) => {
  const { packDataDir } = database;
  const carriesToken = serverTokenCheck(token);
  const { dataDir, jwtSecret, fiscal } = ctx.config;
  if (token) {
    app.addHook("onListen", async () => {
      removeLeftoverPacks(dataDir);
      const url = localUrl(app.server.address() as AddressInfo);
      announceOperationsEndpoint(dataDir, { pid: process.pid, url, token });
    });
    app.addHook("onClose", async () => withdrawOperationsEndpoint(dataDir, token));
  }

  app.post(
    "/operations/backup",
    {
      schema: {
        description:
          "For `npm run backup` on the server's machine: send the token of DATA_DIR/operations-endpoint.json as a " +
          "bearer token. The embedded database only; PostgreSQL is backed up with pg_dump.",
        security: [{ operationsToken: [] }],
        response: {
          200: fileAnswer(
            "The embedded database as of one instant, with the keys it needs (operations/backup-archive.ts), as a gzipped tar",
            "application/gzip",
          ),
          401: { description: "The token is missing or wrong", content: { "application/json": { schema: errorBody } } },
        },
      },
    },
    async (request, reply) => {
      if (!packDataDir || !carriesToken(request.headers.authorization)) throw unauthorized();
      const backup = await streamBackup(packDataDir, { dataDir, jwtSecret, fiscalSecretsKey: fiscal.secretsKey });
      request.log.info({ heldMs: backup.heldMs }, "backup: the data directory was packed, statements held back meanwhile");
      return sendFile(reply, backupFileName(backup.createdAt), backup.archive);
    },
  );
};

/** A stream, as a download under its name; the documented answer (a string) types only the text routes. */
const sendFile = (reply: FastifyReply, name: string, file: Readable) =>
  reply
    .type("application/gzip")
    .header("content-disposition", `attachment; filename="${name}"`)
    .header("cache-control", "no-store")
    .send(file);
