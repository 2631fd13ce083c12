// Migration 017: promotions with terms, banners, categories and applications reviewed by the
// operator, and the merchant's VIP ladder (decision 027 §1, §2). Money itself lives in the ledger.

export const promotionsVipSchema: string[] = [
  // terms: localized HTML; the banner's size in pixels (the image's box, so nothing shifts).
  `ALTER TABLE promotions
     ADD COLUMN terms jsonb NOT NULL DEFAULT '{}'::jsonb,
     ADD COLUMN banner_width integer NOT NULL DEFAULT 750 CHECK (banner_width BETWEEN 16 AND 4096),
     ADD COLUMN banner_height integer NOT NULL DEFAULT 300 CHECK (banner_height BETWEEN 16 AND 4096)`,
  // The category names the promotions screen shows as tabs, in this order.
  `CREATE TABLE promotion_categories (
     merchant text NOT NULL REFERENCES merchants(code),
     code text NOT NULL CHECK (code ~ '^[A-Z0-9_]{1,32}$'),
     name jsonb NOT NULL,
     sort integer NOT NULL DEFAULT 0,
     PRIMARY KEY (merchant, code)
   )`,
  // A member's application to a needs_review promotion: APPLYING until the operator approves
  // (ISSUED, then CLAIMED when the member claims), issues (CLAIMED at once) or rejects (REJECTED).
  `CREATE TABLE promotion_applications (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     member_id bigint NOT NULL REFERENCES members(id),
     promotion_id bigint NOT NULL REFERENCES promotions(id),
     remark text NOT NULL,
     status text NOT NULL DEFAULT 'APPLYING' CHECK (status IN ('APPLYING', 'ISSUED', 'CLAIMED', 'REJECTED')),
     reason text NOT NULL DEFAULT '',
     ledger_tx bigint REFERENCES ledger_transactions(id),
     created_at timestamptz NOT NULL,
     decided_at timestamptz
   )`,
  `CREATE INDEX promotion_applications_member ON promotion_applications (member_id, promotion_id, id DESC)`,
  `CREATE INDEX promotion_applications_open ON promotion_applications (merchant, status, created_at)`,
  `CREATE TABLE promotion_application_images (
     application_id bigint NOT NULL REFERENCES promotion_applications(id) ON DELETE CASCADE,
     n smallint NOT NULL CHECK (n BETWEEN 1 AND 3),
     mime text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg')),
     data bytea NOT NULL,
     PRIMARY KEY (application_id, n)
   )`,
  // The VIP ladder: money in minor units, rebate_bonus in percentage points added to every
  // cashback rate; the daily withdrawal figures raise the merchant's (the larger one applies).
  `CREATE TABLE vip_ranks (
     merchant text NOT NULL REFERENCES merchants(code),
     level integer NOT NULL CHECK (level >= 1),
     name jsonb NOT NULL,
     monthly_turnover bigint NOT NULL CHECK (monthly_turnover >= 0),
     rebate_bonus numeric(6, 3) NOT NULL DEFAULT 0 CHECK (rebate_bonus >= 0 AND rebate_bonus <= 100),
     daily_withdrawal_limit bigint NOT NULL DEFAULT 0 CHECK (daily_withdrawal_limit >= 0),
     daily_withdrawal_times integer NOT NULL DEFAULT 0 CHECK (daily_withdrawal_times >= 0),
     birthday_bonus bigint NOT NULL DEFAULT 0 CHECK (birthday_bonus >= 0),
     upgrade_bonus bigint NOT NULL DEFAULT 0 CHECK (upgrade_bonus >= 0),
     PRIMARY KEY (merchant, level)
   )`,
];
