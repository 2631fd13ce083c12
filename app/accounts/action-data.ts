import type { SubmissionResult } from "@conform-to/react";

/** What every account form's action answers when it does not redirect. */
export type AccountActionData = {
  result: SubmissionResult<string[]>;
  notice?: string;
  /** After sending a code: the countdown, since this response's loaders still see the old session. */
  smsSecondsLeft?: number;
  /** The refusal turned the image captcha on; likewise the loaders of this response cannot know yet. */
  captcha?: { stamp: number };
};
