-- The one review model reaches every kind (docs/adr/018-one-review-model.md): an essay comment refused on the desk
-- keeps the reason its author reads (未通过：reason), as the other kinds' tables already do.
ALTER TABLE "composition_comments" ADD COLUMN IF NOT EXISTS "reject_reason" text DEFAULT '' NOT NULL;
