import { hashPassword, passwordCost } from "../crypto";
import { DEFAULT_PASSWORD } from "./seed-accounts-data";
import { AGENT_WITHDRAW_PASSWORD, DEMO_PASSWORD } from "./seed-data";

// The demo passwords are published (README), so their hashes are made ahead at PASSWORD_COST: a
// first start spends no scrypt on the demo accounts (about 0.35 s each). Accounts with the same
// password share one hash. Under another cost (Vitest) each password is hashed once per process.
export const DEMO_PASSWORD_HASHES: Readonly<Record<string, string>> = {
  [DEMO_PASSWORD]:
    "scrypt$131072$8$1$HnCA+zkhHC1s+jcVaaegBg==$RngoZxUbS74wxOaxdIkqWMLrtN+1VoZ+BijiH3knq47aEV1kFMxSUI1Lkg79KshwZiv6RfPo50mMghfXTQF0sw==",
  [AGENT_WITHDRAW_PASSWORD]:
    "scrypt$131072$8$1$f/T+Brf0VR/UERDlaQTWgA==$jqCtGo2E/+a5x4ATr7+J69s9RAUgFuvxQIyGvLYSuMir/ZBQjjXJ3iVaLxlxMOLz56ylNg7tHo9KJohxHfGsFg==",
  [DEFAULT_PASSWORD]:
    "scrypt$131072$8$1$Wxzk8VAhT8Z+FbIl3LBB7w==$22Z3MBIvtdioCZozq5nAS4aERnmI6NGZ/QWybhcgvzCOIB64BmcVInLY4/pQM08Ptm8uDX6xmwVxmk4TkIC0zg==",
};

const hashed = new Map<string, Promise<string>>();

export function demoPasswordHash(password: string): Promise<string> {
  const { N, r, p } = passwordCost();
  const prefix = `scrypt$${N}$${r}$${p}$`;
  const ahead = DEMO_PASSWORD_HASHES[password];
  if (ahead?.startsWith(prefix)) return Promise.resolve(ahead);
  const key = prefix + password;
  let hash = hashed.get(key);
  if (!hash) {
    hash = hashPassword(password);
    hashed.set(key, hash);
  }
  return hash;
}
