import { useState } from 'react';
import type { Asset } from '@portal/shared';
import { ASSETS_TEXT as T } from './texts';

/** The labels PDF of `ids` (GET /api/assets/labels.pdf, Avery L7651 by default). */
export const labelsUrl = (ids: readonly string[]) => `/api/assets/labels.pdf?ids=${ids.join(',')}`;

/** The list's choice of assets for labels (issue 53 item 3): ids ticked one by one, kept across filters and pages. */
export function useLabelSelection() {
  const [chosen, setChosen] = useState<string[]>([]);
  const toggle = (id: string, on: boolean) => setChosen((c) => (on ? [...c.filter((x) => x !== id), id] : c.filter((x) => x !== id)));
  /** The tick box of one asset (row and card). */
  const box = (a: Pick<Asset, 'id' | 'assetTag' | 'name'>) => (
    <input type="checkbox" className="asset-pick" aria-label={T.pickLabel(a.assetTag || a.name)} checked={chosen.includes(a.id)} onChange={(e) => toggle(a.id, e.target.checked)} />
  );
  return { chosen, box, clear: () => setChosen([]) };
}

/**
 * The list's label actions (online): 'Print labels (N)' for the ticked assets (at most 200, the
 * API's limit) with 'Clear selection', else 'Labels of these assets (PDF)' for the rows shown.
 */
export function LabelActions({ chosen, shownIds, clear }: { chosen: string[]; shownIds: string[]; clear(): void }) {
  if (chosen.length > 0)
    return (
      <>
        <a className="btn btn-primary" href={labelsUrl(chosen.slice(0, 200))} download>
          {T.printLabels(chosen.length)}
        </a>
        <button type="button" className="btn btn-outline" onClick={clear}>
          {T.clearSelection}
        </button>
      </>
    );
  return shownIds.length > 0 ? (
    <a className="btn btn-outline" href={labelsUrl(shownIds)} download>
      {T.labelsSelected}
    </a>
  ) : null;
}
