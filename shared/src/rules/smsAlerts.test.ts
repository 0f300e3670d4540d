import { describe, expect, it } from 'vitest';
import { SEVERITIES } from '../constants';
import { alertsBySms } from './smsAlerts';

describe('alertsBySms (one rule for who texts the support phone)', () => {
  it('new tickets: high and urgent; SLA alerts: urgent only', () => {
    expect(SEVERITIES.filter((s) => alertsBySms(s))).toEqual(['high', 'urgent']);
    expect(SEVERITIES.filter((s) => alertsBySms(s, 'new_ticket'))).toEqual(['high', 'urgent']);
    expect(SEVERITIES.filter((s) => alertsBySms(s, 'sla'))).toEqual(['urgent']);
  });
});
