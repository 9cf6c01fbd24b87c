-- File contents in parts (server/src/lib/file-store.ts): a file stored before is its part 0.
ALTER TABLE "documento_contenidos" DROP CONSTRAINT "documento_contenidos_pkey";--> statement-breakpoint
ALTER TABLE "documento_contenidos" ADD COLUMN "parte" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "documento_contenidos" ADD CONSTRAINT "documento_contenidos_documento_id_parte_pk" PRIMARY KEY("documento_id","parte");
