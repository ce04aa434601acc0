// A volunteer's certificates (issue, list, PDF, withdraw), and the public check page's figures. Each
// client may check so many codes a minute: the codes cannot be guessed, and nobody can try.
import type { FastifyInstance } from 'fastify';
import { recordCertificateEndpoints as endpoints } from '#shared/contracts/record-certificates.ts';
import { sendFile, serve } from '#server/http/serve.ts';
import { signedInVolunteerId } from '#server/plugins/auth.ts';
import type { RecordCertificatesService } from './record-certificates.service.ts';

const CHECKS_PER_CLIENT_PER_MINUTE = 30;

export async function recordCertificatesRoutes(
  app: FastifyInstance,
  { service }: { service: RecordCertificatesService },
) {
  const volunteer = { access: 'volunteer' } as const;
  serve(app, endpoints.list, volunteer, (request) => service.list(signedInVolunteerId(request)));
  serve(app, endpoints.issue, volunteer, (request) => service.issue(signedInVolunteerId(request), request.body));
  serve(app, endpoints.withdraw, volunteer, (request) =>
    service.withdraw(signedInVolunteerId(request), request.params.id),
  );
  serve(app, endpoints.pdf, volunteer, async (request, reply) => {
    const { bytes, fileName } = await service.pdf(
      signedInVolunteerId(request),
      request.params.id,
      request.auth.volunteer?.name ?? null,
    );
    return sendFile(reply, 'application/pdf', fileName, Buffer.from(bytes));
  });
  serve(
    app,
    endpoints.verify,
    {
      access: 'public',
      personal: true,
      rateLimit: { max: CHECKS_PER_CLIENT_PER_MINUTE, timeWindow: '1 minute' },
    },
    (request) => service.verify(request.params.code),
  );
}
