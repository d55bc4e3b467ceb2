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

/**
 * What is drawn outside the content box of the elements `columns` selects (tolerance 0.5 px): every control, image
 * and framed or filled box by its border box, every run of text by the box of its letters; wrappers that draw
 * nothing of their own count by what they hold; hidden ones do not count. By default a column's own descendants are
 * checked; `contents` checks the elements it selects against each column instead, less those `skip` selects.
 */
export function outsideColumns(
  page: Page,
  columns: string,
  { contents, skip }: { contents?: string; skip?: string } = {},
): Promise<string[]> {
  return page.evaluate(
    ({ chosen, contents, skip }) => {
      const DRAWN = new Set(['IMG', 'BUTTON', 'INPUT', 'TEXTAREA', 'SELECT', 'PROGRESS', 'VIDEO', 'svg']);
      const found: string[] = [];
      for (const column of document.querySelectorAll<HTMLElement>(chosen)) {
        const style = getComputedStyle(column);
        const box = column.getBoundingClientRect();
        const left = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft) - 0.5;
        const right = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight) + 0.5;
        const check = (name: string, rect: DOMRect) => {
          if (rect.width === 0 || rect.height === 0) return;
          if (rect.left < left || rect.right > right)
            found.push(
              `${column.id || column.className}: ${name} ${Math.round(rect.left)}-${Math.round(rect.right)} (column ${Math.round(left)}-${Math.round(right)})`,
            );
        };
        const elements = contents
          ? document.querySelectorAll<HTMLElement>(contents)
          : column.querySelectorAll<HTMLElement>('*');
        for (const element of elements) {
          const computed = getComputedStyle(element);
          if (computed.visibility === 'hidden' || element.closest('.visually-hidden')) continue;
          if (skip && element.matches(skip)) continue;
          const name = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
          const framed =
            computed.backgroundColor !== 'rgba(0, 0, 0, 0)' ||
            computed.backgroundImage !== 'none' ||
            parseFloat(computed.borderLeftWidth) + parseFloat(computed.borderRightWidth) > 0;
          if (DRAWN.has(element.tagName) || framed) check(name, element.getBoundingClientRect());
          for (const node of element.childNodes) {
            if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            check(`text of ${name}`, range.getBoundingClientRect());
          }
        }
      }
      return found;
    },
    { chosen: columns, contents, skip },
  );
}

/**
 * The buttons and button-like links inside `selector`'s elements, but for those matching `except`, whose words run
 * on more than one line.
 */
export function buttonsOnTwoLines(page: Page, selector: string, except = ''): Promise<string[]> {
  return page.evaluate(
    ([chosen, left]) => {
      const found: string[] = [];
      for (const button of document.querySelectorAll<HTMLElement>(
        `${chosen} :is(button, a.button, [role="button"])`,
      )) {
        const text = button.textContent?.trim() ?? '';
        if (!text || button.getBoundingClientRect().width === 0 || (left && button.matches(left))) continue;
        // The visible words' boxes (a label only for screen readers left out): one line is at most about 1.5
        // times the font size high, two are 2.5 times or more.
        let top = Infinity;
        let bottom = -Infinity;
        const words = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
        for (let node = words.nextNode(); node; node = words.nextNode()) {
          if (!node.textContent?.trim() || node.parentElement?.closest('.visually-hidden')) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) {
            top = Math.min(top, rect.top);
            bottom = Math.max(bottom, rect.bottom);
          }
        }
        const height = bottom - top;
        if (height > 2 * parseFloat(getComputedStyle(button).fontSize))
          found.push(`"${text}" ${Math.round(height)} px high`);
      }
      return found;
    },
    [selector, except] as const,
  );
}

/**
 * Where each column of the CSS-columns element `selector` selects ends, in px below its top: the lowest bottom of
 * what is drawn in it (its descendants with a box, each counted in the column its left edge stands in). One column
 * (a phone) gives one figure.
 */
export function columnBottoms(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    const gap = parseFloat(style.columnGap) || 0;
    // As the browser counts them: as many of column-width as fit, at most column-count.
    const columnWidth = parseFloat(style.columnWidth);
    const columnCount = parseInt(style.columnCount, 10);
    let count = Number.isNaN(columnWidth) ? columnCount : Math.floor((box.width + gap) / (columnWidth + gap));
    if (!Number.isNaN(columnCount)) count = Math.min(count, columnCount);
    count = Math.max(1, count || 1);
    const width = (box.width + gap) / count;
    const bottoms = Array.from({ length: count }, () => 0);
    for (const child of element.querySelectorAll('*')) {
      const rect = child.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const column = Math.min(count - 1, Math.max(0, Math.floor((rect.left - box.left) / width)));
      bottoms[column] = Math.max(bottoms[column]!, rect.bottom - box.top);
    }
    return bottoms.map(Math.round);
  });
}
