import { apiRoutes } from '@portal/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type AppDeps, service } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import { accountLetter } from './printout.service.ts';
import type { StatementFile } from './statements.service.ts';

/** Streams a file as a download (design §7: attachment, nosniff); errors before this are JSON. */
function sendFile(reply: FastifyReply, f: StatementFile): FastifyReply {
  return reply
    .header('content-type', f.contentType)
    .header('content-disposition', `attachment; filename="${f.filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .header('x-statement-lines', String(f.lines))
    .send(f.stream);
}

export function registerStatementRoutes(app: FastifyInstance, deps: AppDeps): void {
  const statements = () => service(deps, 'statements');

  registerRoute(app, deps, apiRoutes.walletStatement, async ({ body }, ctx, req, reply) => {
    const file = await statements().statement(ctx, body);
    // A failure after the first byte cannot change the status any more: the log keeps the request id.
    file.stream.on('error', (err) => req.log.error({ err, requestId: req.id }, 'statement stream failed'));
    return sendFile(reply, file);
  });

  registerRoute(app, deps, apiRoutes.walletFeeStatement, async ({ body }, ctx, _req, reply) =>
    sendFile(reply, await statements().feeStatement(ctx, body)),
  );

  registerRoute(app, deps, apiRoutes.walletPrintout, async ({ params }, ctx, _req, reply) => {
    const letter = await accountLetter(deps, ctx, {
      uuid: params.uuid,
      iban: params.iban,
      withBalance: params.with_balance === '1',
      currency: params.currency,
    });
    return sendFile(reply, {
      filename: letter.filename,
      contentType: 'application/pdf',
      lines: 0,
      stream: letter.stream,
    });
  });
}
