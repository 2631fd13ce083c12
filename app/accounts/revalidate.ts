import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * Account forms reload their data after every post, refusals included (Remix skips that after a
 * 4xx by default): a captcha or slide puzzle is good for one try, so each try needs a fresh one.
 */
export const revalidateAfterPosts: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
