/**
 * zod compiles fast object parsers with `new Function` when it may, and probes for that once. The
 * shop's Content-Security-Policy forbids eval, so the probe alone is a CSP violation the browser
 * reports. Jitless parsing never probes. zod reads its settings from this shared global (zod 4
 * core), so setting it here, before any chunk with zod loads, needs no zod in the entry.
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig = { ...shared.__zod_globalConfig, jitless: true };

export {};
