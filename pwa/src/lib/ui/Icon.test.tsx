import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { callOutline } from 'ionicons/icons';
import { Icon, iconSvg } from './Icon';

describe('Icon (an Ionicons SVG without Ionic)', () => {
  it('inlines the SVG of an ionicons constant, hidden from screen readers', () => {
    const { container } = render(<Icon icon={callOutline} className="feature-icon" />);
    const span = container.firstElementChild!;
    expect(span.getAttribute('aria-hidden')).toBe('true');
    expect(span.className).toBe('icon feature-icon');
    expect(span.querySelector('svg.ionicon path')).not.toBeNull();
  });

  it('renders nothing for anything but an inline SVG data URL', () => {
    expect(iconSvg('https://example.com/x.svg')).toBe('');
    expect(iconSvg('data:image/svg+xml;utf8,<img src=x onerror=alert(1)>')).toBe('');
    expect(iconSvg(callOutline).startsWith('<svg')).toBe(true);
  });
});
