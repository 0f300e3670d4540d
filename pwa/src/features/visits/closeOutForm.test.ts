/** The close-out form's values become the API body with the API's own messages (closeOutForm.ts). */
import { describe, expect, it } from 'vitest';
import { VISIT_MSG, type Visit } from '@portal/shared';
import { CORRECTION_SIGNATURE_REQUIRED, buildCloseOut, initialValues, toLocalInput, valuesFromVisit } from './closeOutForm';

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

  it('a correction opens prefilled from the visit it corrects, needs a new signature and names that visit', () => {
    const visit = {
      id: '0b6f3f0e-1c1d-4a57-9d7c-2d8a9f6a1b22',
      arrivedAt: new Date('2026-11-29T09:30:00').toISOString(),
      departedAt: new Date('2026-11-29T10:45:00').toISOString(),
      workDone: 'Replaced the switch',
      parts: [{ description: 'Cable', quantity: 2, unitPrice: 3.5 }, { description: 'Ties', quantity: 4, unitPrice: null }],
      minutes: 75,
      billable: false,
      signerName: 'Dana',
    } as Visit;
    const values = valuesFromVisit(visit, false);
    expect(values).toEqual({
      arrivedAt: '2026-11-29T09:30',
      departedAt: '2026-11-29T10:45',
      workDone: 'Replaced the switch',
      parts: [{ description: 'Cable', quantity: '2', unitPrice: '3.5' }, { description: 'Ties', quantity: '4', unitPrice: '' }],
      minutes: '75',
      billable: false,
      signerName: 'Dana',
      resolve: false,
      signature: '',
      step: 'work',
    });
    expect(buildCloseOut(values, false, now, visit.id)).toEqual({ errors: { signature: CORRECTION_SIGNATURE_REQUIRED } });
    const fixed = buildCloseOut({ ...values, workDone: 'Replaced the switch and the patch cable' }, true, now, visit.id);
    expect(fixed).toEqual({
      body: expect.objectContaining({ supersedesVisitId: visit.id, workDone: 'Replaced the switch and the patch cable', minutes: 75, billable: false, resolve: false, departedAt: visit.departedAt, parts: [{ description: 'Cable', quantity: 2, unitPrice: 3.5 }, { description: 'Ties', quantity: 4, unitPrice: null }] }),
    });
    // A close-out that corrects nothing needs no signature.
    expect(buildCloseOut(values, false, now)).toHaveProperty('body.supersedesVisitId', null);
  });
});
