ALTER TABLE "banners" ADD COLUMN "localized_images" jsonb;--> statement-breakpoint
-- The demo banners draw their words in the picture: Burmese readers get the Burmese pictures.
UPDATE "banners" SET "localized_images" = jsonb_build_object('my', jsonb_build_object(
	'imageUrl', replace("image_url", '.svg', '.my.svg'),
	'mobileImageUrl', replace("mobile_image_url", '.svg', '.my.svg'),
	'tabletImageUrl', replace("tablet_image_url", '.svg', '.my.svg')))
WHERE "localized_images" IS NULL AND "image_url" ~ '^/media/banners/[1-5]\.svg$';
