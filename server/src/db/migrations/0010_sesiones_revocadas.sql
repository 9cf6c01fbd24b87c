CREATE TABLE "sesiones_revocadas" (
	"jti" text PRIMARY KEY NOT NULL,
	"expira_en" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sesiones_revocadas_expira_idx" ON "sesiones_revocadas" USING btree ("expira_en");