import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ATTACHMENTS_PER_REQUEST, VISIT_PHOTOS_MAX } from '@portal/shared';
import { AttachmentPicker } from './AttachmentPicker';
import type { PickedFile } from './prepare';

const picked = (n: number): PickedFile[] => Array.from({ length: n }, (_, i) => ({ id: `f${i}`, file: new Blob(['x']), name: `photo-${i}.jpg`, preview: null }));
const addPhoto = () => screen.getByRole('button', { name: 'Add photo' }) as HTMLButtonElement;

describe('AttachmentPicker limit (a ticket write takes ATTACHMENTS_PER_REQUEST files, a close-out VISIT_PHOTOS_MAX photos)', () => {
  it('stops adding at a ticket write\'s limit by default', () => {
    render(<AttachmentPicker files={picked(ATTACHMENTS_PER_REQUEST)} onChange={() => undefined} />);
    expect(screen.getByText(`${ATTACHMENTS_PER_REQUEST} of ${ATTACHMENTS_PER_REQUEST}`)).toBeTruthy();
    expect(addPhoto().disabled).toBe(true);
  });

  it('takes more up to the `max` it is given (the close-out form\'s photos)', () => {
    const { rerender } = render(<AttachmentPicker files={picked(ATTACHMENTS_PER_REQUEST)} onChange={() => undefined} max={VISIT_PHOTOS_MAX} />);
    expect(screen.getByText(`${ATTACHMENTS_PER_REQUEST} of ${VISIT_PHOTOS_MAX}`)).toBeTruthy();
    expect(addPhoto().disabled).toBe(false);
    rerender(<AttachmentPicker files={picked(VISIT_PHOTOS_MAX)} onChange={() => undefined} max={VISIT_PHOTOS_MAX} />);
    expect(addPhoto().disabled).toBe(true);
  });
});
