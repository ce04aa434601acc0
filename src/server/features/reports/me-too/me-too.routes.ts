// Thin HTTP layer for 'Me too': anyone, bounded per client like a report submission; the photo (or
// the reference of one sent ahead) is optional.
import type { FastifyInstance } from 'fastify';
import { meTooEndpoints } from '#shared/contracts/me-too.ts';
import { readForm, serve } from '#server/http/serve.ts';
import { stagedPhotoOf } from '../reports.routes.ts';
import type { MeTooService } from './me-too.service.ts';

export interface MeTooRoutesOptions {
  service: MeTooService;
  /** 'Me too's one client may say in an hour. */
  perClientPerHour: number;
}

export async function meTooRoutes(app: FastifyInstance, { service, perClientPerHour }: MeTooRoutesOptions) {
  const limited = { access: 'public', rateLimit: { max: perClientPerHour, timeWindow: '1 hour' } } as const;
  serve(app, meTooEndpoints.confirm, limited, async (request, reply) => {
    const form = await readForm(request, meTooEndpoints.confirm);
    const photo = form.files.photo?.[0];
    const { device, stagedPhoto: reference } = form.fields;
    const stagedPhoto = stagedPhotoOf(request, photo, reference);
    return reply.status(201).send(await service.confirm(request.params.id, { device, photo, stagedPhoto }));
  });
}
