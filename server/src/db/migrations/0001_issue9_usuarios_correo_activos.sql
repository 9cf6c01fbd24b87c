DROP INDEX "usuarios_correo_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_correo_uq" ON "usuarios" USING btree (lower("correo")) WHERE "usuarios"."deleted_at" is null;