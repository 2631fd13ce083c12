import { useForm, type DefaultValue, type Submission, type SubmissionResult } from "@conform-to/react";
import type { Constraint } from "@conform-to/dom";
import { useActionData, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { useLazyValidation } from "./lazy-validation";

// The one form anatomy (issue 27): every conform form of a route page is `useRouteForm`. The example
// to copy is app/routes/feedback/route.tsx. The hook reads the route's action answer itself: a form
// takes the answer's `result` only once navigation is idle (its loaders have run again) and, when it
// names an `intent`, only a result for that intent (several forms on one page each keep their own
// errors and values: the result's initialValue carries the hidden `intent` input).

/** What a form's action answers when it does not redirect: at least conform's result. */
export type FormActionData = { result?: SubmissionResult<string[]> };

type Validate<S extends z.ZodTypeAny> = (formData: FormData) => Submission<z.input<S>, string[], z.output<S>>;

/** A schema the page already carries (the account forms): see ./eager-validation. */
export type EagerValidation<S extends z.ZodTypeAny> = { eager: Validate<S> };

export type RouteFormOptions<S extends z.ZodTypeAny> = {
  id: string;
  /** The hidden `intent` this form submits; given, the form takes only results for it. It also names the schema: a new intent loads it again. */
  intent?: string;
  /** From the loader (`getZodConstraint` on the server), so the markup is the same without JavaScript. */
  constraint: Record<string, Constraint>;
  /**
   * Lazy (decision 024, the default for member pages): `() => import("~/domain/x").then((m) => m.xSchema)`,
   * loaded on the form's first focus or touch. Eager: `eager(xSchema)` from ./eager-validation.
   */
  schema: (() => Promise<S>) | EagerValidation<S>;
  defaultValue?: DefaultValue<z.input<S>>;
  shouldValidate?: "onSubmit" | "onBlur" | "onInput";
  /** After the first validation of a field. */
  shouldRevalidate?: "onSubmit" | "onBlur" | "onInput";
};

const NO_EVENTS = {};

/** Returns conform's [form, fields] and the events to spread on the <Form> (they load a lazy schema). */
export function useRouteForm<S extends z.ZodTypeAny>({
  id,
  intent,
  constraint,
  schema,
  defaultValue,
  shouldValidate = "onSubmit",
  shouldRevalidate = "onInput",
}: RouteFormOptions<S>) {
  const lazy = typeof schema === "function" ? schema : undefined;
  // Called on every render (hooks); for an eager schema it never loads anything.
  const validation = useLazyValidation(lazy ?? noSchema, intent);
  const actionData = useActionData<FormActionData>();
  const idle = useNavigation().state === "idle";
  const result = actionData?.result;
  const mine = intent === undefined || (result?.initialValue as Record<string, unknown> | undefined)?.intent === intent;
  const eager = typeof schema === "function" ? undefined : schema.eager;
  const [form, fields] = useForm<z.input<S>, z.output<S>, string[]>({
    id,
    lastResult: idle && mine ? result : undefined,
    constraint,
    defaultValue,
    shouldValidate,
    shouldRevalidate,
    onValidate: eager ? ({ formData }) => eager(formData) : validation.onValidate,
  });
  return [form, fields, lazy ? validation.formEvents : NO_EVENTS] as const;
}

const noSchema = () => new Promise<never>(() => {});
