import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/portal-config-test' };

describe('configuration from the environment', () => {
  it('defaults to one server process on PGlite', () => {
    const c = loadConfig(base);
    expect(c).toMatchObject({ processes: 1, databaseUrl: undefined, port: 8080, jobs: true });
  });

  it('runs several processes only on PostgreSQL, and says so', () => {
    expect(() => loadConfig({ ...base, SERVER_PROCESSES: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SERVER_PROCESSES: '2' })).toThrow(
      /SERVER_PROCESSES: more than one process needs DATABASE_URL/,
    );
    const c = loadConfig({ ...base, SERVER_PROCESSES: '2', DATABASE_URL: 'postgres://u@db:5432/portal' });
    expect(c.processes).toBe(2);
  });

  it('names each bad value; an empty variable counts as unset', () => {
    expect(() => loadConfig({ ...base, SERVER_PROCESSES: '0', PORT: '70000' })).toThrow(
      /SERVER_PROCESSES[\s\S]*PORT|PORT[\s\S]*SERVER_PROCESSES/,
    );
    expect(loadConfig({ ...base, DATABASE_URL: '', SERVER_PROCESSES: '' }).processes).toBe(1);
  });
});
