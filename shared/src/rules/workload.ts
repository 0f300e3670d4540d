/** Workload levels of a technician (SPEC.md 4 / 9). */
export type WorkloadLevel = 'light' | 'moderate' | 'heavy';

/**
 * Workload from the number of open plus in_progress tickets assigned (SPEC.md 9):
 * up to 3 light, 4 to 8 moderate, above 8 heavy.
 */
export function workloadLevel(activeTickets: number): WorkloadLevel {
  if (activeTickets <= 3) return 'light';
  if (activeTickets <= 8) return 'moderate';
  return 'heavy';
}
