/** The phone close-out's steps (closeOutSteps.ts). */
import { describe, expect, it } from 'vitest';
import { CLOSE_OUT_STEPS, asStep, moveStep, stepOfError } from './closeOutSteps';

describe('close-out steps', () => {
  it('are work, parts, time, photos, signature, review; Next and Back stay within them', () => {
    expect(CLOSE_OUT_STEPS).toEqual(['work', 'parts', 'time', 'photos', 'signature', 'review']);
    expect(moveStep('work', 1)).toBe('parts');
    expect(moveStep('signature', 1)).toBe('review');
    expect(moveStep('review', 1)).toBe('review');
    expect(moveStep('work', -1)).toBe('work');
    expect(moveStep('time', -1)).toBe('parts');
    expect(asStep('nonsense')).toBe('work');
    expect(moveStep(undefined, 1)).toBe('parts');
  });

  it("a refused Close out goes to the step of the first message's field", () => {
    expect(['departedAt', 'workDone', 'parts.0.quantity', 'minutes', 'signerName', 'signature', 'resolve'].map(stepOfError)).toEqual(['work', 'work', 'parts', 'time', 'signature', 'signature', 'review']);
  });
});
