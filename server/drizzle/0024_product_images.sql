-- A product's picture, stored with the app (issue 31, CONTRACT §12): one per product, the bytes
-- as uploaded (JPEG, PNG or WebP, judged by their first bytes; at most 1 MB), served at
-- /api/products/{id}/image?v={version}. `version` is the start of the bytes' SHA-256: the URL
-- changes when the picture does, so browsers may keep each one for a year.
CREATE TABLE "product_images" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"version" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_images_content_type_known" CHECK ("product_images"."content_type" in ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "product_images_size" CHECK (octet_length("product_images"."bytes") between 1 and 1048576)
);--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
