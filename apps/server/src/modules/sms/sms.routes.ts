import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SmsService } from './sms.service.ts';

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The gateway's delivery receipts (ADR 0061): POST /api/v1/sms/receipts/{id}?token=…, the URL
 * given with each message. The body reaches the gateway's adapter as the bytes received (Twilio's
 * signature is over its form fields). Recorded: 200 with an empty body (what Twilio and SMSPoh
 * take as received); refused: 403, and nothing changed.
 */
export function smsReceiptRoutes(service: SmsService, publicUrl: string): FastifyPluginAsync {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const raw = app.withTypeProvider<ZodTypeProvider>();
    for (const type of ['application/json', 'application/x-www-form-urlencoded', 'text/plain'])
      raw.addContentTypeParser(type, { parseAs: 'string' }, (_req, body, done) => {
        done(null, body);
      });
    raw.route({
      method: 'POST',
      url: '/api/v1/sms/receipts/:id',
      // The gateway's few addresses send every receipt: limiting them would lose receipts.
      config: { requestLimit: false },
      schema: {
        tags: ['sms'],
        summary:
          "SMS gateway delivery receipt for one message, checked by the message's token (and Twilio's X-Twilio-Signature)",
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ token: z.string().max(128).optional() }),
        response: { 200: z.string(), 403: z.string() },
      },
      handler: async (request, reply) => {
        const headers: Record<string, string | undefined> = {};
        for (const name of Object.keys(request.headers)) headers[name] = header(request, name);
        const verdict = await service.recordReceipt(request.params.id, request.query.token ?? '', {
          url: `${publicUrl}${request.url}`,
          contentType: header(request, 'content-type'),
          rawBody: typeof request.body === 'string' ? request.body : '',
          headers,
        });
        if (verdict === 'refused') {
          request.log.warn({ smsId: request.params.id }, 'SMS receipt refused');
          return reply.code(403).type('text/plain').send('refused');
        }
        return reply.code(200).type('text/plain').send('');
      },
    });
  };
}
