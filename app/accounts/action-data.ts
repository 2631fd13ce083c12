import type { SubmissionResult } from "@conform-to/react";
import type { data } from "@remix-run/node";

/** What every account form's action answers when it does not redirect. */
export type AccountActionData = {
  result: SubmissionResult<string[]>;
  notice?: string;
  /** After sending a code: the countdown, since this response's loaders still see the old session. */
  smsSecondsLeft?: number;
  /** The refusal turned the image captcha on; likewise the loaders of this response cannot know yet. */
  captcha?: { stamp: number };
};

/**
 * An account action's return type, for `useActionData<typeof action>()`: its answers differ in
 * which of these keys they carry, and TypeScript would otherwise keep only the keys all share.
 */
export type AccountAnswer<T extends AccountActionData = AccountActionData> = ReturnType<typeof data<T>> | Response;
