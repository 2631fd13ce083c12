// The whitelabel module tree ({modId, enabled: "1"/"0", childrenNodes}) flattened to a
// modId → on/off map. A module is on only when it and every parent above it are on.

export type ModuleNode = {
  modId: string;
  enabled?: string | boolean | number | null;
  childrenNodes?: ModuleNode[] | null;
};

function isOn(enabled: ModuleNode["enabled"]): boolean {
  if (enabled === undefined || enabled === null) return true;
  if (typeof enabled === "boolean") return enabled;
  return String(enabled) === "1" || String(enabled).toLowerCase() === "true";
}

export function flattenModules(tree: ModuleNode | ModuleNode[]): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  const visit = (node: ModuleNode, parentOn: boolean) => {
    const on = parentOn && isOn(node.enabled);
    out[node.modId] = on;
    for (const child of node.childrenNodes ?? []) visit(child, on);
  };
  for (const node of Array.isArray(tree) ? tree : [tree]) visit(node, true);
  return out;
}

/** Module ids the app reads (docs/PLATFORM-CONTRACT.md §4). */
export const Modules = {
  mobileRegister: "MOBILENUMREG3",
  smsLogin: "MOBILEVERCODELOGIN3",
  freePlay: "FREEPLAY3",
  manualRebate: "MANPLAYREB3",
  referral: "REFERRAL3",
  inbox: "INBOX3",
  walletTransfer: "FUNDTRANS3",
  rewardCentre: "REWCEN3",
  pointSystem: "PTSYS3",
  googleLogin: "GOOGLELOGIN3",
  facebookLogin: "FBLOGIN3",
} as const;

/** A module the platform does not list counts as off. */
export function moduleOn(modules: Record<string, boolean>, modId: string): boolean {
  return modules[modId] === true;
}

/** The withdraw password is asked for (a withdrawal, a transfer to a downline) unless the merchant switched it off (WDRAWNOPASSVERIF3 on). */
export function withdrawPasswordRequired(modules: Record<string, boolean>): boolean {
  return !moduleOn(modules, "WDRAWNOPASSVERIF3");
}
