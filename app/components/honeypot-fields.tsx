import { useMatches } from "@remix-run/react";
import { HoneypotInputs, HoneypotProvider, type HoneypotProviderProps } from "remix-utils/honeypot/react";

type HoneypotProps = Omit<HoneypotProviderProps, "children">;

/**
 * A public form's honeypot (security.server.ts): its field names and stamp come from the loader
 * of the page the form is on (`honeypot: await honeypotInputProps()`), so a page without a public
 * form sends none, and a form opened long after the site was loaded gets a fresh stamp.
 */
export function HoneypotFields() {
  const matches = useMatches();
  let props: HoneypotProps | undefined;
  for (const match of matches) {
    const honeypot = (match.data as { honeypot?: HoneypotProps } | undefined)?.honeypot;
    if (honeypot) props = honeypot;
  }
  return (
    <HoneypotProvider {...props}>
      <HoneypotInputs />
    </HoneypotProvider>
  );
}
