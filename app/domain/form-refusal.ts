/** Why a form was refused before it was read: the error page says it in the player's language. */
export type FormRefusal = { refusal: "formExpired" | "notAccepted" };

export function isFormRefusal(value: unknown): value is FormRefusal {
  return (
    typeof value === "object" &&
    value !== null &&
    "refusal" in value &&
    (value.refusal === "formExpired" || value.refusal === "notAccepted")
  );
}
