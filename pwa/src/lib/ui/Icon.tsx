/**
 * An Ionicons icon without Ionic ("a light customer page"): the same SVG `<ion-icon>` draws,
 * inlined, so the public pages and the header need no web component. `icon` is one of the
 * `ionicons/icons` constants (a `data:image/svg+xml;utf8,<svg ...>` URL of a trusted, bundled
 * SVG; anything else renders nothing). Sized like `<ion-icon>`: 1em square, current text colour
 * (styles.css `.icon`), so `font-size` and `color` of the element or a parent set it.
 * Decorative: always `aria-hidden`.
 */
const SVG_PREFIX = 'data:image/svg+xml;utf8,';

/** The SVG markup of an `ionicons/icons` constant; '' for anything else. */
export function iconSvg(icon: string): string {
  return icon.startsWith(SVG_PREFIX) && icon.slice(SVG_PREFIX.length).startsWith('<svg') ? icon.slice(SVG_PREFIX.length) : '';
}

export function Icon({ icon, className }: { icon: string; className?: string }) {
  return <span className={className ? `icon ${className}` : 'icon'} aria-hidden="true" dangerouslySetInnerHTML={{ __html: iconSvg(icon) }} />;
}
