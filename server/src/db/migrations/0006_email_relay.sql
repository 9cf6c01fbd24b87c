ALTER TABLE "email_outbox" ADD COLUMN "estado" text DEFAULT 'pendiente' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "intentos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "proximo_intento" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "reclamado_hasta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "ultimo_error" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "message_id" text;--> statement-breakpoint
CREATE INDEX "email_outbox_pendientes_idx" ON "email_outbox" USING btree ("proximo_intento") WHERE "email_outbox"."estado" = 'pendiente';--> statement-breakpoint
UPDATE "email_outbox" SET "estado" = 'enviado' WHERE "sent_at" IS NOT NULL;
