import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Clearline Portal <no-reply@clearline.example>'),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(1024 * 1024),
  RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  JOBS: z.enum(['on', 'off']).default('on'),
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  WEB_DIST: z.string().optional(),
  POSTBACK_ALLOW_INSECURE: z.enum(['on', 'off']).default('off'),
  TRUSTED_PROXIES: z
    .string()
    .regex(/^[0-9a-fA-F.:/,\s]*$/, 'must be a comma-separated list of IP addresses or CIDR ranges')
    .optional(),
  SIMULATOR: z.enum(['on', 'off']).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** undefined → embedded PGlite in dataDir/pglite; 'memory://' → PGlite in memory (tests). */
  databaseUrl: string | undefined;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  logLevel: string;
  bodyLimit: number;
  /** Per-IP limits on the public authentication calls (api/rate-limits.ts of the domain). */
  rateLimit: boolean;
  seedDemo: boolean;
  jobs: boolean;
  /**
   * Server processes sharing the port (node:cluster); more than one needs PostgreSQL, since every
   * shared state (sessions, counters, idempotency, jobs, pushes) lives there (docs/decisions.md).
   */
  processes: number;
  /** Folder of the built browser app; default packages/web/dist. */
  webDist: string | undefined;
  /**
   * Development only: postback and notification URLs may be http and point to loopback (a local
   * receiver). Never private, link-local or metadata addresses; refused in production.
   */
  postbackAllowInsecure: boolean;
  /**
   * Peers (IPs or CIDR ranges) whose X-Forwarded-For is believed; empty → the TCP peer is the
   * client (design §4). See http/request-info.ts `clientIp`.
   */
  trustedProxies: string[];
  /** The processing simulator's control calls exist (pay-in, outage, run due); off in production. */
  simulator: boolean;
  /** Files in an S3-compatible bucket (every server process reaches them); unset → dataDir/files. */
  s3?: S3Config | undefined;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (`DATABASE_URL=`) means unset, as in most shells' habits.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const s3Vars = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const s3Missing = s3Vars.filter((k) => !e[k]);
  if (s3Missing.length > 0 && s3Missing.length < s3Vars.length)
    throw new ConfigError(
      `Invalid configuration:\n${s3Missing.map((k) => `  ${k}: required when any S3_ variable is set`).join('\n')}`,
    );
  if (e.SERVER_PROCESSES > 1 && !e.DATABASE_URL)
    throw new ConfigError(
      'Invalid configuration:\n  SERVER_PROCESSES: more than one process needs DATABASE_URL (PGlite is one process)',
    );
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT,
    rateLimit: e.RATE_LIMIT === 'on',
    seedDemo: e.SEED_DEMO === 'true',
    jobs: e.JOBS === 'on',
    processes: e.SERVER_PROCESSES,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : undefined,
    postbackAllowInsecure: e.POSTBACK_ALLOW_INSECURE === 'on' && e.NODE_ENV !== 'production',
    trustedProxies: (e.TRUSTED_PROXIES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    simulator: (e.SIMULATOR ?? (e.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            region: e.S3_REGION,
          }
        : undefined,
  };
}

/** Without JWT_SECRET a random one is kept in the data folder so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Config for tests: in-memory PGlite, no jobs unless asked, silent logs. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: join(process.cwd(), '.data-test'),
    databaseUrl: process.env.TEST_DATABASE_URL ?? 'memory://',
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    smtpUrl: undefined,
    mailFrom: 'Portal Test <no-reply@test.example>',
    publicUrl: 'http://localhost:8080',
    logLevel: 'silent',
    bodyLimit: 1024 * 1024,
    // Tests log in many times a second from one address; the limiter has its own test.
    rateLimit: false,
    seedDemo: false,
    jobs: false,
    processes: 1,
    webDist: undefined,
    postbackAllowInsecure: false,
    trustedProxies: [],
    simulator: true,
    ...overrides,
  };
}
