import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Every test process: an in-memory embedded platform, no operator listener, no caching
// unless a test asks for it, quiet gateway logs, a throwaway data folder.
process.env.PLATFORM_MEMORY = "1";
process.env.OPERATOR_PORT = "0";
process.env.PUBLIC_CACHE_SECONDS ??= "0";
process.env.GATEWAY_LOG = "off";
process.env.SESSION_SECRET ??= "test-secret-0123456789abcdef";
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "betting-web-test-"));
delete process.env.PLATFORM_URL;
delete process.env.DATABASE_URL;
