import type { Submission } from "@conform-to/react";
import { useCallback, useRef, useState } from "react";
import type { z } from "zod";

// Validation in the browser that arrives after the page (issue 14): zod and conform's zod adapter
// are 23 KiB gzip, a sixth of a member page's JavaScript, and a player who only reads the page never
// needs them. They load when the player first focuses or touches the form. A submit before they
// have arrived goes to the server, which validates every form anyway (and does without JavaScript).
// The form's HTML constraints (required, min, max, pattern) come from the loader, computed by the
// same schema on the server, so the markup is the same with or without them.

type Validate<S extends z.ZodTypeAny> = (formData: FormData) => Submission<z.input<S>, string[], z.output<S>>;

/**
 * `key` names the schema when a form's schema can change under it (the withdrawal password form is
 * "set" until a password exists, then "change"): a new key loads the schema again.
 */
export function useLazyValidation<S extends z.ZodTypeAny>(loadSchema: () => Promise<S>, key = "") {
  const [loaded, setLoaded] = useState<{ key: string; validate: Validate<S> }>();
  const latest = useRef(loadSchema);
  latest.current = loadSchema;
  const asked = useRef<string>();
  const load = useCallback(() => {
    if (asked.current === key) return;
    asked.current = key;
    void Promise.all([latest.current(), import("@conform-to/zod")]).then(
      ([schema, { parseWithZod }]) =>
        setLoaded({ key, validate: ((formData: FormData) => parseWithZod(formData, { schema })) as Validate<S> }),
      // A chunk that did not arrive (a dropped connection): the server validates; the next touch tries again.
      () => (asked.current = undefined),
    );
  }, [key]);
  const validate = loaded?.key === key ? loaded.validate : undefined;
  return {
    onValidate: validate ? ({ formData }: { formData: FormData }) => validate(formData) : undefined,
    /** On the form element: its first focus or touch loads the validation. */
    formEvents: { onFocus: load, onPointerDown: load },
  };
}
