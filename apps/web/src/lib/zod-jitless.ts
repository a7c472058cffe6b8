/**
 * Zod compiles object schemas with `new Function` where it may. The Content-Security-Policy allows
 * no eval, and even zod's probe for it is reported as a violation. Zod reads this setting, shared
 * through globalThis, when it creates a schema, so it is set before any chunk holding one loads.
 */
const shared = globalThis as { __zod_globalConfig?: Record<string, unknown> };
shared.__zod_globalConfig = { ...shared.__zod_globalConfig, jitless: true };
