-- Secrets the app generates for itself (the session signing secret when BETTER_AUTH_SECRET is
-- unset), kept in the database so every process on it signs and checks sessions alike.
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
