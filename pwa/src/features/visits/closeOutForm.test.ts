/** The close-out form's values become the API body with the API's own messages (closeOutForm.ts). */
import { describe, expect, it } from 'vitest';
import { VISIT_MSG } from '@portal/shared';
import { buildCloseOut, initialValues, toLocalInput } from './closeOutForm';

const now = new Date('2026-11-29T11:00:00');
const base = { ...initialValues(new Date('2026-11-29T09:30:00').toISOString(), now), workDone: 'Replaced the switch' };

describe('buildCloseOut', () => {
  it('departure empty = now, minutes empty = arrival to departure, blank part rows left out', () => {
    const out = buildCloseOut({ ...base, parts: [{ description: 'Cable', quantity: '2', unitPrice: '3.5' }, { description: '', quantity: '1', unitPrice: '' }] }, false, now);
    expect(out).toEqual({
      body: expect.objectContaining({ arrivedAt: new Date('2026-11-29T09:30:00').toISOString(), departedAt: now.toISOString(), minutes: 90, billable: true, resolve: true, signerName: null, parts: [{ description: 'Cable', quantity: 2, unitPrice: 3.5 }] }),
    });
    expect(toLocalInput(now)).toBe('2026-11-29T11:00');
  });

  it('answers the API messages under their fields', () => {
    const out = buildCloseOut({ ...base, workDone: ' ', departedAt: '2026-11-29T09:00', parts: [{ description: 'Cable', quantity: '0', unitPrice: '-1' }] }, true, now);
    expect(out).toEqual({
      errors: expect.objectContaining({ workDone: 'Describe the work done', departedAt: VISIT_MSG.departureBeforeArrival, 'parts.0.quantity': VISIT_MSG.quantityPositive, 'parts.0.unitPrice': VISIT_MSG.priceNotNegative }),
    });
    expect(buildCloseOut(base, true, now)).toEqual({ errors: { signerName: VISIT_MSG.signerRequired } });
    expect(buildCloseOut({ ...base, signerName: 'Dana' }, true, now)).toHaveProperty('body.signerName', 'Dana');
  });

  it("the ticket timer's minutes are the default time spent, sent as typed (still editable)", () => {
    const timed = { ...initialValues(null, now, 47), workDone: 'Replaced the switch', departedAt: '2026-11-29T11:00' };
    expect(timed.minutes).toBe('47');
    expect(buildCloseOut(timed, false, now)).toHaveProperty('body.minutes', 47);
    expect(buildCloseOut({ ...timed, minutes: '30' }, false, now)).toHaveProperty('body.minutes', 30);
    expect(initialValues(null, now).minutes).toBe('');
  });
});
