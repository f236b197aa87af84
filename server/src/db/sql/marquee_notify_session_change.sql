-- Every process keeps the sessions it has checked in memory for a short while
-- (features/auth/guards.ts, session-cache.ts). Whatever ends a session or changes what a request
-- may do (sign-out, revocation, expiry refresh, a role change, a ban, a deleted account) NOTIFYs
-- marquee_sessions with the account's id at commit, from whichever process or tool made the
-- change, and every process forgets that account's sessions.
CREATE OR REPLACE FUNCTION marquee_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('marquee_sessions', OLD.user_id);
  ELSE
    PERFORM pg_notify('marquee_sessions', OLD.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_notify_change ON sessions;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION marquee_notify_session_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_notify_change ON users;
--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER DELETE OR UPDATE OF role, banned, ban_expires, name, email ON users
  FOR EACH ROW EXECUTE FUNCTION marquee_notify_session_change();
