import { EXAMPLE_PRINT_SERVICE_URL } from "@tableorder/domain/print-agent";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("has defaults for a venue PC", () => {
    expect(loadConfig({}, [])).toEqual({
      port: 9180,
      host: "0.0.0.0",
      allowedOrigins: null,
      defaultCodePage: "cp737",
      logLevel: "info",
      timeouts: { connectTimeoutMs: 3000, writeTimeoutMs: 5000 },
      tls: null,
      dryRun: false,
    });
  });

  it("listens where the back office's example print-service address points (issue 15)", () => {
    expect(new URL(EXAMPLE_PRINT_SERVICE_URL).port).toBe(String(loadConfig({}, []).port));
  });

  it("reads the allow-list and the dry-run flag", () => {
    const config = loadConfig({ PRINT_AGENT_ALLOWED_ORIGINS: "https://app.example.com, http://localhost:5173" }, ["--dry-run"]);
    expect(config.allowedOrigins).toEqual(["https://app.example.com", "http://localhost:5173"]);
    expect(config.dryRun).toBe(true);
  });

  it("lists everything that is wrong", () => {
    expect(() =>
      loadConfig({ PRINT_AGENT_ALLOWED_ORIGINS: "app.example.com", PRINT_AGENT_TLS_CERT: "/x.pem" }, ["--verbose"]),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PRINT_AGENT_ALLOWED_ORIGINS: "app.example.com", PRINT_AGENT_TLS_CERT: "/x.pem" }, ["--verbose"]);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("--verbose");
      expect(message).toContain("app.example.com");
      expect(message).toContain("PRINT_AGENT_TLS_KEY");
    }
    expect(() => loadConfig({ PRINT_AGENT_PORT: "http", PRINT_AGENT_CODE_PAGE: "cp437" }, [])).toThrow(
      /PRINT_AGENT_PORT[\s\S]*PRINT_AGENT_CODE_PAGE/,
    );
  });
});
