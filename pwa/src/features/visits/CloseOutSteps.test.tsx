/** The phone close-out's step indicator, Back/Next and Review (CloseOutSteps.tsx). */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { initialValues } from './closeOutForm';
import { CloseOutReview, StepIndicator, StepNav } from './CloseOutSteps';

describe('close-out steps on the phone', () => {
  it('says which step of six; Back and Next move one step, none before the first or after Review', () => {
    const go = vi.fn();
    const { rerender } = render(<StepIndicator step="parts" />);
    screen.getByText('Step 2 of 6: Parts');
    rerender(<StepNav step="work" go={go} />);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    rerender(<StepNav step="review" go={go} />);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(go.mock.calls).toEqual([['parts'], ['signature']]);
  });

  it('Review shows what will be sent, each with Edit back to its step', () => {
    const go = vi.fn();
    const values = { ...initialValues(null, new Date('2026-11-29T09:00:00')), workDone: 'Replaced the PSU', parts: [{ description: 'PSU 550 W', quantity: '1', unitPrice: '64.90' }], minutes: '45', signerName: 'Pia', signature: 'data:image/png;base64,AAAA' };
    render(<CloseOutReview values={values} photos={2} signed checklist={[{ id: 'a', text: 'Test the UPS', required: true, done: true }] as never} go={go} />);
    for (const text of ['Replaced the PSU', '1 x PSU 550 W', '45 · Billable', '2', 'Signed by Pia', '1 of 1 done']) screen.getByText(text);
    fireEvent.click(screen.getByRole('button', { name: 'Edit', description: 'Parts and materials' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit', description: 'Customer signature' }));
    expect(go.mock.calls).toEqual([['parts'], ['signature']]);
  });
});
