-- Indian conventions (issue 34 item 7): a film's languages and format, a show's language and
-- format, and an account's optional mobile number (CONTRACT §2, §3).
--
-- movies.languages: the known languages the film is shown in (shared/src/film-details.ts), the
-- buyers' language filter; the free `language` text of the add form stays as typed. Existing
-- films get theirs read from that text. movies.format: how it is projected (2D, 3D, IMAX).
ALTER TABLE "movies" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "format" text DEFAULT '2D' NOT NULL;--> statement-breakpoint
ALTER TABLE "movies" ADD CONSTRAINT "movies_format_known" CHECK ("movies"."format" in ('2D', '3D', 'IMAX'));--> statement-breakpoint
UPDATE "movies" SET "languages" = coalesce((
  SELECT array_agg(known.name ORDER BY found.ord)
  FROM unnest(string_to_array("movies"."language", ',')) WITH ORDINALITY AS found(part, ord)
  JOIN unnest(ARRAY['Hindi', 'English', 'Tamil', 'Telugu', 'Malayalam', 'Kannada', 'Bengali', 'Marathi',
    'Punjabi', 'Gujarati', 'Odia', 'Assamese']) AS known(name) ON lower(trim(found.part)) = lower(known.name)
), '{}'::text[]);--> statement-breakpoint
-- Every insert names the languages (an empty list for a film without dialogue): no default, which
-- drizzle-kit would read back from the database as a different one.
ALTER TABLE "movies" ALTER COLUMN "languages" DROP DEFAULT;--> statement-breakpoint
-- A show plays in one language (null: not stated) and one format, chosen on Add Show.
ALTER TABLE "shows" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "format" text DEFAULT '2D' NOT NULL;--> statement-breakpoint
ALTER TABLE "shows" ADD CONSTRAINT "shows_format_known" CHECK ("shows"."format" in ('2D', '3D', 'IMAX'));--> statement-breakpoint
UPDATE "shows" SET "language" = "movies"."languages"[1] FROM "movies" WHERE "movies"."id" = "shows"."movie_id";--> statement-breakpoint
-- The account's mobile number, kept as +91 and 10 digits (shared/src/phone.ts); the counter
-- finds a buyer's bookings by it.
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_indian_mobile" CHECK ("users"."phone" ~ '^\+91[6-9][0-9]{9}$');--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone") WHERE "users"."phone" is not null;
