import type { SubmissionResult } from "@conform-to/react";

/** What every account form's action answers when it does not redirect. */
export type AccountActionData = { result: SubmissionResult<string[]>; notice?: string };
