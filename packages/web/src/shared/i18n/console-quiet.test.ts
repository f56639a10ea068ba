import { afterEach, describe, expect, it, vi } from 'vitest';

describe('i18n start', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes nothing to the browser console while it starts', async () => {
    const info = vi.spyOn(console, 'info');
    const log = vi.spyOn(console, 'log');
    vi.resetModules();
    const { i18nReady } = await import('./i18n.ts');
    await i18nReady;
    expect(info).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });
});
