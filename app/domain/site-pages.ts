// The operator's site pages (decision 026): the footer's About list and its bottom line.
export const SITE_PAGES = [
  "aboutCompany",
  "contactUs",
  "terms",
  "responsibleGaming",
  "privacy",
  "affiliates",
  "refund",
  "certification",
  "paymentMethods",
  "security",
] as const;
export type SitePageKey = (typeof SITE_PAGES)[number];

/** The footer's name of each page (its translation key). */
export const SITE_PAGE_LABEL: Record<SitePageKey, string> = {
  aboutCompany: "footer.aboutCompany",
  contactUs: "footer.contactUs",
  terms: "footer.terms",
  responsibleGaming: "footer.responsibleGaming",
  privacy: "footer.privacy",
  affiliates: "footer.affiliates",
  refund: "footer.refund",
  certification: "footer.certification",
  paymentMethods: "footer.payments",
  security: "footer.security",
};
