import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { UploadList, type UploadRow } from './UploadList';

const row = (over: Partial<UploadRow>): UploadRow => ({ seq: 1, fileName: 'rack.jpg', size: 2 * 1024 * 1024, sent: 0, waiting: false, ...over });

describe('UploadList (each queued file\'s progress, docs/attachments.md)', () => {
  it('shows the share sent of each file as a progress bar and a percentage of its size', () => {
    render(<UploadList offline={false} rows={[row({ sent: 1024 * 1024 }), row({ seq: 2, fileName: 'label.jpg', size: 4000, sent: 4000 })]} />);
    const rack = screen.getByRole('progressbar', { name: 'Sending rack.jpg' }) as HTMLProgressElement;
    expect(rack.value).toBe(50);
    expect(screen.getByText('50% of 2.00 MB')).toBeTruthy();
    expect((screen.getByRole('progressbar', { name: 'Sending label.jpg' }) as HTMLProgressElement).value).toBe(100);
    expect(screen.getAllByRole('status')).toHaveLength(2);
  });

  it('says "waiting for connection" for a file the outbox holds back and for every file offline', () => {
    const { rerender } = render(<UploadList offline={false} rows={[row({ sent: 512 * 1024, waiting: true }), row({ seq: 2, fileName: 'label.jpg' })]} />);
    expect(screen.getAllByText('waiting for connection')).toHaveLength(1);
    expect(screen.getByText('0% of 2.00 MB')).toBeTruthy();
    rerender(<UploadList offline rows={[row({ sent: 512 * 1024 }), row({ seq: 2, fileName: 'label.jpg' })]} />);
    expect(screen.getAllByText('waiting for connection')).toHaveLength(2);
    expect((screen.getByRole('progressbar', { name: 'Sending rack.jpg' }) as HTMLProgressElement).value).toBe(25);
  });

  it('renders nothing when no file is queued', () => {
    const { container } = render(<UploadList offline={false} rows={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
