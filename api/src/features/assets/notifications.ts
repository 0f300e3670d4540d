/**
 * The warranty alert (issue 53 item 6, docs/assets.md): an e-mail to each notification recipient
 * WARRANTY_ALERT_DAYS days before an asset's warranty ends. Registered in api/src/notification-kinds.ts;
 * who gets it and when is warranty.ts.
 */
import { defineJobKind, emailContent, portalLink } from '../../notify';

/** The facts of a warranty alert. */
export interface WarrantyAlertPayload {
  assetId: string;
  assetTag: string;
  name: string;
  clientName: string;
  /** The warranty end date, YYYY-MM-DD. */
  warrantyEnd: string;
}

const title = (p: WarrantyAlertPayload) => `Warranty ending: ${p.assetTag} ${p.name}`;

/** "The warranty of A-0042 Reception printer (Acme Dental) ends on 2027-01-31." */
export const warrantyAlertText = (p: WarrantyAlertPayload) => `The warranty of ${p.assetTag} ${p.name} (${p.clientName}) ends on ${p.warrantyEnd}.`;

export const warrantyAlertEmail = defineJobKind<WarrantyAlertPayload, 'email'>({
  kind: 'asset_warranty_email',
  channel: 'email',
  summary: (p) => title(p),
  render: (p, { brand }) =>
    emailContent({ subject: title(p), title: title(p), blocks: [{ type: 'p', text: warrantyAlertText(p) }, { type: 'button', label: 'Open the asset', url: portalLink(brand, `/assets?asset=${p.assetId}`) }] }, brand),
});

/** Every job kind of the assets feature (api/src/notification-kinds.ts). */
export const assetKinds = [warrantyAlertEmail];
