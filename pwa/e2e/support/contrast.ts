/**
 * WCAG 2 contrast of an element's text against what is really behind it: the element's and its
 * ancestors' background colours composited (alpha) down to the first opaque one (white when none).
 */
import type { Locator } from 'playwright-core';

/** The contrast ratio (1-21) of the text of the element `locator` finds. */
export function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const parse = (c: string): [number, number, number, number] => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const [r, g, b, a = '1'] = m[1]!.split(/[,\s/]+/).filter(Boolean);
      return [Number(r), Number(g), Number(b), Number(a)];
    };
    const layers: [number, number, number, number][] = [];
    for (let n: Element | null = el; n; n = n.parentElement) {
      const bg = parse(getComputedStyle(n).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] >= 1) break;
    }
    let base: [number, number, number] = [255, 255, 255];
    if (layers.length && layers[layers.length - 1]![3] >= 1) base = layers.pop()!.slice(0, 3) as [number, number, number];
    for (const [r, g, b, a] of layers.reverse()) base = [r * a + base[0] * (1 - a), g * a + base[1] * (1 - a), b * a + base[2] * (1 - a)];
    const fg = parse(getComputedStyle(el).color);
    const text: [number, number, number] = [fg[0] * fg[3] + base[0] * (1 - fg[3]), fg[1] * fg[3] + base[1] * (1 - fg[3]), fg[2] * fg[3] + base[2] * (1 - fg[3])];
    const lum = ([r, g, b]: [number, number, number]) => {
      const ch = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
    };
    const [hi, lo] = [lum(text), lum(base)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  });
}
