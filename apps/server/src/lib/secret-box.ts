import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";

/**
 * Seals a secret for storage with AES-256-GCM under a 32-byte key: a fresh 12-byte IV per value,
 * the tag authenticating it, so a changed or swapped value fails to open rather than reading wrong.
 * Stored as "v1:iv:tag:ciphertext" in base64.
 */
export function sealSecret(key: Buffer, plaintext: string): string {
  if (key.length !== 32) throw new RangeError("The secrets key must be 32 bytes");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64"), cipher.getAuthTag().toString("base64"), ciphertext.toString("base64")].join(":");
}

/** Opens what sealSecret stored; throws when the key is not the one it was sealed with or the value was altered. */
export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(":");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error("Not a sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64")), decipher.final()]).toString("utf8");
}

/** How a secret is answered: never itself, only its last 4 characters behind dots. */
export function maskSecret(secret: string | null): string | null {
  if (!secret) return null;
  return `••••${secret.length > 8 ? secret.slice(-4) : ""}`;
}
