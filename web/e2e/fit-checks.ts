import type { Page } from 'playwright-core';

// What every page must hold to on a 360 px phone and a 1280 px desktop, checked by the public site's test
// (site.e2e.ts) and the app's (fit.e2e.ts): nothing wider than the screen, every button, button-like link and
// field a 44 px touch target on the phone, inputs at 16 px or more (iOS zooms into smaller ones).

export const SCREENS = {
  phone: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
} as const;
export type Screen = keyof typeof SCREENS;

/** What is wrong with the page as it is now; an empty list when nothing is. */
export function problemsOnPage(page: Page, size: Screen): Promise<string[]> {
  return page.evaluate((phone) => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth !== root.clientWidth) {
      const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter(
          (element) =>
            element.getBoundingClientRect().right > root.clientWidth + 0.5 &&
            getComputedStyle(element).position !== 'fixed',
        )
        .slice(0, 3)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
      problems.push(
        `scroll width ${root.scrollWidth} for a ${root.clientWidth} px viewport (${wide.join(', ')})`,
      );
    }
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || element.id).trim().slice(0, 40)}"`;
    const fields = document.querySelectorAll(
      'input:not([type="hidden"]):not([type="file"]):not([type="checkbox"]):not([type="radio"]), select, textarea',
    );
    for (const field of Array.from(fields).filter(visible)) {
      const fontSize = parseFloat(getComputedStyle(field).fontSize);
      if (fontSize < 16) problems.push(`${name(field)} has ${fontSize} px text`);
    }
    if (phone) {
      const targets = [
        ...Array.from(document.querySelectorAll('button, a.button, [role="button"]')),
        ...Array.from(fields),
        // A checkbox or radio button is pressed through its label: the label is the target.
        ...Array.from(document.querySelectorAll('input[type="checkbox"], input[type="radio"]')).map(
          (input) => input.closest('label') ?? input,
        ),
      ];
      for (const target of targets.filter(visible)) {
        const height = target.getBoundingClientRect().height;
        if (height < 44) problems.push(`${name(target)} is ${Math.round(height)} px tall`);
      }
    }
    return problems;
  }, size === 'phone');
}
