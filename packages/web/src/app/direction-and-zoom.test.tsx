import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_THEME, useDirection } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { directionOf, i18nReady, setLanguage } from '../shared/i18n/index.ts';
import { AppProviders } from './providers.tsx';

afterEach(async () => {
  cleanup();
  await setLanguage('en-gb');
});

function DirectionProbe() {
  const { dir } = useDirection();
  return <output data-testid="dir">{dir}</output>;
}

describe('right-to-left languages', () => {
  it('Arabic and Hebrew are right to left; the others left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('he')).toBe('rtl');
    for (const code of ['en-gb', 'ru', 'de', 'zh', undefined, 'xx']) expect(directionOf(code)).toBe('ltr');
  });

  it('choosing Arabic sets <html dir="rtl"> and Mantine direction; English sets both back', async () => {
    await i18nReady;
    render(
      <AppProviders>
        <DirectionProbe />
      </AppProviders>,
    );
    expect(screen.getByTestId('dir').textContent).toBe('ltr');
    await act(() => setLanguage('ar'));
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByTestId('dir').textContent).toBe('rtl');
    await act(() => setLanguage('he'));
    expect(screen.getByTestId('dir').textContent).toBe('rtl');
    await act(() => setLanguage('en-gb'));
    expect(document.documentElement.dir).toBe('ltr');
    expect(screen.getByTestId('dir').textContent).toBe('ltr');
  });
});

describe('spec §9 zoom-out between the medium breakpoint and 1280 px', () => {
  // Read from disk: the test environment turns CSS imports into nothing.
  const css =
    ['packages/web/src/app/global.css', 'src/app/global.css']
      .map((p) => join(process.cwd(), p))
      .filter((p) => existsSync(p))
      .map((p) => readFileSync(p, 'utf8'))[0] ?? '';
  const query =
    /@media \(min-width: ([\d.]+)em\) and \(max-width: ([\d.]+)em\)\s*\{\s*html\s*\{\s*font-size: calc\(100% \/ ([\d.]+)\);/.exec(
      css,
    );

  it('starts at Mantine md, ends below 1280 px, and zooms out by 1.25', () => {
    expect(css).toContain('@media');
    expect(query).not.toBeNull();
    const [, from, to, factor] = query ?? [];
    expect(`${from}em`).toBe(DEFAULT_THEME.breakpoints.md);
    expect(Number(to) * 16).toBeLessThan(1280);
    expect(Number(to) * 16).toBeGreaterThan(1279.8);
    expect(Number(factor)).toBe(1.25);
  });
});
