import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { SCREENS, walkScreens } from './fixtures/screens';

test('axe finds no moderate, serious or critical violation on any screen', async ({ page, request }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  const screens: string[] = [];
  await walkScreens(page, request, async (screen) => {
    screens.push(screen);
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    for (const v of result.violations) {
      if (v.impact === 'minor') continue;
      const targets = v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(' | ');
      found.push(`${screen}: ${v.id} (${v.impact}) ${v.nodes.length}× — ${targets}`);
    }
  });
  expect(found, found.join('\n')).toEqual([]);
  expect(screens).toEqual(expect.arrayContaining(SCREENS));
});

/**
 * Every visible interactive element of the page smaller than 44×44 CSS px. A checkbox or radio
 * counts with its label (the label is what a finger taps). Links inside running text are left out
 * (WCAG 2.5.8 inline exception).
 */
function smallTargets(): string[] {
  const MIN = 44;
  const selector = [
    'button',
    'a[href]',
    'input:not([type="hidden"])',
    'select',
    'textarea',
    'summary',
    '[role="button"]',
    '[role="link"]',
    '[role="tab"]',
    '[role="checkbox"]',
    '[role="radio"]',
    '[role="switch"]',
    '[role="menuitem"]',
    '[role="option"]',
    '[tabindex]:not([tabindex="-1"])',
  ].join(',');
  const describe = (el: Element) => {
    const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? el.getAttribute('name') ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const id = el.id ? `#${el.id}` : '';
    const type = el instanceof HTMLInputElement ? `[type=${el.type}]` : '';
    return `${el.tagName.toLowerCase()}${id}${type} "${name}"`;
  };
  const isInlineTextLink = (el: Element) => {
    if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
    const block = el.parentElement?.closest('p, li, dd, td, span, label, small');
    if (!block) return false;
    const text = (block.textContent ?? '').replace(/\s+/g, ' ').trim();
    return text.length > (el.textContent ?? '').trim().length + 3;
  };
  const rendered = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) return null; // not rendered, or visually hidden (sr-only)
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.pointerEvents === 'none' || el.closest('[aria-hidden="true"], [inert]')) return null;
    return r;
  };
  const out: string[] = [];
  for (const el of Array.from(document.querySelectorAll(selector))) {
    if ((el as HTMLButtonElement).disabled || el.closest('[data-sonner-toaster]')) continue;
    let r = rendered(el);
    if (!r) {
      // A visually hidden input (a styled file picker, a custom checkbox) is tapped through its
      // labels; the one with the largest smaller side is its target (a file picker's button,
      // beside the field's title).
      const input = el as HTMLInputElement;
      if (!(el instanceof HTMLInputElement) || !input.labels?.length || el.closest('[aria-hidden="true"], [inert]')) continue;
      const sizes = Array.from(input.labels, (l) => l.getBoundingClientRect()).filter((b) => b.width > 1 && b.height > 1);
      r = sizes.sort((a, b) => Math.min(b.width, b.height) - Math.min(a.width, a.height))[0] ?? null;
      if (!r) continue;
    }
    if (isInlineTextLink(el)) continue;
    let { width, height } = r;
    if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') && el.labels?.length) {
      const l = el.labels[0].getBoundingClientRect();
      width = Math.max(width, l.width);
      height = Math.max(height, l.height);
    }
    if (width < MIN - 0.5 || height < MIN - 0.5) out.push(`${describe(el)} ${width.toFixed(0)}×${height.toFixed(0)}`);
  }
  return out;
}

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true });

  test('every interactive element is at least 44×44 px', async ({ page, request }) => {
    test.setTimeout(180_000);
    const found: string[] = [];
    const screens: string[] = [];
    await walkScreens(page, request, async (screen) => {
      screens.push(screen);
      for (const small of await page.evaluate(smallTargets)) found.push(`${screen}: ${small}`);
    });
    expect(found, found.join('\n')).toEqual([]);
    expect(screens).toEqual(expect.arrayContaining([...SCREENS, 'menu']));
  });
});
