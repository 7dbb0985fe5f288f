import * as v from 'valibot';
import { carUuidSchema } from './cars.ts';

/** The staff photo routes' input (docs/decisions/018-car-photos.md), for the API and the dashboard's photo manager alike. */

/** At most this many photos a car; the reorder list can never be longer. */
export const CAR_PHOTOS_MAX = 40;

const photoIdSchema = v.pipe(v.string(), v.uuid('photoId must be a photo id (a uuid)'), v.toLowerCase());

export const carPhotosParamsSchema = v.object({ uuid: v.pipe(carUuidSchema, v.toLowerCase()) });

export const carPhotoParamsSchema = v.object({ uuid: v.pipe(carUuidSchema, v.toLowerCase()), photoId: photoIdSchema });

/** PATCH body: every photo id of the car, each once, in the new order; the first is the cover. */
export const carPhotoOrderSchema = v.object({
  order: v.pipe(
    v.array(v.pipe(v.string(), v.uuid('each id must be a photo id (a uuid)'), v.toLowerCase()), 'order must be a list of photo ids'),
    v.maxLength(CAR_PHOTOS_MAX, `order lists at most ${CAR_PHOTOS_MAX} photos`),
  ),
});
