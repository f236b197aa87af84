-- The hold takes one more argument (issue 35): p_tell_after_commit, for a caller that tells every
-- process of the show's new claims itself once the hold has committed, so the hold's commit does
-- not NOTIFY (docs/decisions/0027-seat-news-after-commit.md). The function with the old arguments
-- goes; db/sql/marquee_hold_seats.sql creates the new one after the migrations.
DROP FUNCTION IF EXISTS marquee_hold_seats(uuid, uuid, text, text[], timestamptz, timestamptz, uuid, text, text, text, integer, integer, text, text[], text[], jsonb);
