import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { createMailer } from './adapters/mail/mailer.ts';
import { type Clock, systemClock } from './clock.ts';
import type { AppConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import type { AppDeps } from './deps.ts';
import { installJsonCompression } from './http/compression.ts';
import { registerDevMail } from './http/dev-mail.ts';
import { installErrorHandling, loggableError } from './http/error-handler.ts';
import { errorBody, validationError } from './http/errors.ts';
import { ambientDb } from './http/idempotency.ts';
import { buildOpenApiDocument } from './http/openapi.ts';
import { AuthRegistry } from './http/principal.ts';
import { parseTzOffset, trustProxyOption } from './http/request-info.ts';
import { registerStaticFiles } from './http/static-files.ts';
import { createManualQueue, createPgBossQueue, type JobQueue } from './jobs/queue.ts';
import { appModules } from './modules/index.ts';
import { createMaintenanceService } from './modules/system/maintenance.service.ts';
import { APP_VERSION } from './modules/system/system.service.ts';

const WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildOptions {
  /** Reuse an open database (tests that share one, benchmarks). */
  database?: Database;
  clock?: Clock;
  jobs?: JobQueue;
  /** Serve the built SPA from this folder (default packages/web/dist when it exists). */
  webDist?: string | false;
  /** Where log lines go (tests read them); default stdout. */
  logStream?: NodeJS.WritableStream;
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
}

/** Paths whose values must never reach the log (spec: secrets never logged). */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
];

/** Answers never stored by browsers or proxies: the API and the public hosted pay-in page. */
const NO_STORE_PATHS = /^\/(api|pay)(\/|\?|$)/;

export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<BuiltApp> {
  const database =
    opts.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  await migrate(database);

  const clock = opts.clock ?? systemClock;
  const jobs = opts.jobs ?? (config.jobs ? createPgBossQueue(database) : createManualQueue());
  const deps: AppDeps = {
    config,
    database,
    // Joins the ambient transaction of an idempotent call (http/idempotency.ts).
    db: ambientDb(database.db),
    clock,
    mail: createMailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom }),
    jobs,
    auth: new AuthRegistry(),
    maintenance: createMaintenanceService(database.db, clock),
    services: {},
  };

  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            redact: { paths: REDACT, censor: '[redacted]' },
            // Query strings can carry one-time links' tokens: log the path only.
            serializers: {
              // Errors never bring query parameters or database messages (payment details) along.
              err: (e: Error) => loggableError(e),
              req: (req) => ({
                method: req.method,
                url: String(req.url).split('?')[0],
                remoteAddress: req.ip,
              }),
            },
          },
    bodyLimit: config.bodyLimit,
    // Fastify refuses a bad URL encoding or an over-long path segment before any route or the
    // error handler: answer those with the Error body too, a 417 naming the problem.
    frameworkErrors: (err, req, res) => {
      const reply = res as FastifyReply;
      if (err.code !== 'FST_ERR_MAX_PARAM_LENGTH' && err.code !== 'FST_ERR_BAD_URL') return reply.send(err);
      const e = validationError({
        _:
          err.code === 'FST_ERR_BAD_URL'
            ? 'the path is not valid URL encoding'
            : 'a path segment is too long',
      });
      return reply.code(e.status).send(errorBody(e, req.id));
    },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: trustProxyOption(config.trustedProxies),
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  installErrorHandling(app);
  installJsonCompression(app);

  // The Timezone header is checked before anything else so a bad one changes nothing.
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/api/')) parseTzOffset(req.headers.timezone);
    req.headers['x-request-id'] = req.id;
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // API answers carry account and personal data, public ones too (the hosted pay-in page's IBAN,
    // payer and amount): browsers and proxies never store them, nor the hosted page itself.
    if (NO_STORE_PATHS.test(req.url)) reply.header('cache-control', 'no-store');
  });

  await app.register(swagger, {
    mode: 'static',
    specification: { document: buildOpenApiDocument(APP_VERSION) as never },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      for (const mod of appModules) await mod.register(api, deps);
    },
    { prefix: '/api' },
  );

  if (config.env !== 'production') registerDevMail(app, deps);

  const webDist = opts.webDist === undefined ? (config.webDist ?? WEB_DIST) : opts.webDist;
  if (webDist && existsSync(join(webDist, 'index.html'))) {
    await registerStaticFiles(app, webDist);
  }

  app.addHook('onClose', async () => {
    await jobs.stop();
    if (!opts.database) await database.close();
  });

  return { app, deps };
}
