CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- No bank is null, never a blank text (issue #30): a blank bank read as a bank name.
UPDATE "solicitudes" SET "banco_nombre" = NULL WHERE btrim("banco_nombre") = '';
