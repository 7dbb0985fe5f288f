import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { parseOr400 } from '../http/errors.ts';
import { CAR_BODY_STYLES } from '../../../domain/enums.ts';
import { SCENES, carSvg } from './artwork.ts';
import { documented } from '../http/openapi.ts';

const params = v.object({
  style: v.picklist(CAR_BODY_STYLES, `style must be one of ${CAR_BODY_STYLES.join(', ')}`),
  scene: v.picklist(SCENES, `scene must be one of ${SCENES.join(', ')}`),
});
const query = v.object({
  color: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-fA-F]{6}$/, 'color must be six hex digits such as 1f3a93')), '8a8f99'),
});

/** GET /media/cars/{style}/{scene}.svg?color=rrggbb: the generated photo of a car. */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/media/cars/:style/:scene.svg',
    {
      schema: documented({
        summary: 'The generated picture of a car, tinted with its colour',
        tags: ['media'],
        answers: { 200: ['image/svg+xml'] },
        params,
        querystring: query,
      }),
    },
    async (request, reply) => {
      const { style, scene } = parseOr400(params, request.params, 'picture');
      const { color } = parseOr400(query, request.query, 'picture');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(carSvg(style, scene, `#${color.toLowerCase()}`));
    },
  );
};
