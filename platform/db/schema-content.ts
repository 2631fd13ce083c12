// Migration 015: the content screens of decision 026 — help centre, feedback and complaints, the
// footer's site pages and the affiliate programme. Texts are jsonb {"EN": …, "BN": …} like the
// announcements; a missing language falls back to English per item.

export const contentSchema: string[] = [
  // device: NULL = every device; WEB or MOBILE = shown only to that one.
  `CREATE TABLE help_categories (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     tag text NOT NULL,
     title jsonb NOT NULL,
     content jsonb,
     bg_color text NOT NULL DEFAULT '',
     display boolean NOT NULL DEFAULT true,
     device text CHECK (device IN ('WEB', 'MOBILE')),
     sort integer NOT NULL DEFAULT 0,
     UNIQUE (merchant, tag)
   )`,
  `CREATE TABLE help_articles (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     category_id bigint NOT NULL REFERENCES help_categories(id) ON DELETE CASCADE,
     title jsonb NOT NULL,
     content jsonb NOT NULL,
     display boolean NOT NULL DEFAULT true,
     device text CHECK (device IN ('WEB', 'MOBILE')),
     sort integer NOT NULL DEFAULT 0
   )`,
  `CREATE INDEX help_articles_category ON help_articles (category_id, sort, id)`,

  // A visitor's feedback has no member. request_id answers a repeated PUT; the member key of the
  // unique index is 0 for visitors, so a visitor's requestId is its own namespace.
  `CREATE TABLE feedback (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     merchant text NOT NULL REFERENCES merchants(code),
     member_id bigint REFERENCES members(id) ON DELETE SET NULL,
     request_id text NOT NULL,
     fingerprint text NOT NULL,
     question_type text NOT NULL CHECK (question_type IN ('DEPOSIT', 'WITHDRAW', 'GAME', 'SERVICE', 'APPLY', 'OTHER')),
     content text NOT NULL,
     status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'REPLIED', 'CLOSED')),
     ip text NOT NULL DEFAULT '',
     created_at timestamptz NOT NULL,
     updated_at timestamptz NOT NULL
   )`,
  `CREATE UNIQUE INDEX feedback_request ON feedback (merchant, coalesce(member_id, 0), request_id)`,
  `CREATE INDEX feedback_member ON feedback (member_id, created_at DESC, id DESC)`,
  `CREATE INDEX feedback_open ON feedback (merchant, status, created_at)`,
  `CREATE TABLE feedback_images (
     feedback_id bigint NOT NULL REFERENCES feedback(id) ON DELETE CASCADE,
     n smallint NOT NULL CHECK (n BETWEEN 1 AND 3),
     mime text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg')),
     data bytea NOT NULL,
     PRIMARY KEY (feedback_id, n)
   )`,
  `CREATE TABLE feedback_replies (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     feedback_id bigint NOT NULL REFERENCES feedback(id) ON DELETE CASCADE,
     content text NOT NULL,
     created_at timestamptz NOT NULL
   )`,
  `CREATE INDEX feedback_replies_feedback ON feedback_replies (feedback_id, created_at, id)`,

  // The footer's pages: a fixed set of keys per merchant (services/site-pages.ts).
  `CREATE TABLE site_pages (
     merchant text NOT NULL REFERENCES merchants(code),
     key text NOT NULL,
     title jsonb NOT NULL,
     content jsonb NOT NULL,
     sort integer NOT NULL DEFAULT 0,
     updated_at timestamptz NOT NULL,
     PRIMARY KEY (merchant, key)
   )`,

  // The affiliate programme shown on "join us": commission tiers and how they are paid.
  `CREATE TABLE affiliate_programmes (
     merchant text PRIMARY KEY REFERENCES merchants(code),
     settlement text NOT NULL DEFAULT 'MONTHLY',
     description jsonb NOT NULL
   )`,
  `CREATE TABLE affiliate_tiers (
     merchant text NOT NULL REFERENCES merchants(code),
     level integer NOT NULL CHECK (level > 0),
     active_members integer NOT NULL CHECK (active_members >= 0),
     net_profit_minor bigint NOT NULL CHECK (net_profit_minor >= 0),
     rate numeric(5, 2) NOT NULL CHECK (rate >= 0 AND rate <= 100),
     PRIMARY KEY (merchant, level)
   )`,
];
