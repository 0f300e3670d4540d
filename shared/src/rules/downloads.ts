import type { ContentCategory, ContentType, Platform } from '../constants';

/**
 * The fixed catalogue of /downloads (SPEC.md 2 "Downloads", 9: six entries with versions and
 * sizes). These files ship with the app (api/assets/downloads/), are read-only, are served by
 * GET /api/downloads/{fileName} like uploaded files, and their names are reserved: an upload cannot
 * replace them, and they are not content items, so deleting one from /downloads says 'Cannot
 * Delete: This item is not managed through content management' (SPEC.md 8). The HTML entries name
 * the deployment ({{APP_NAME}}, {{SUPPORT_PHONE}}, {{SUPPORT_EMAIL}}, {{PUBLIC_URL}} are filled
 * in when served), so their served size differs from `size` by a few bytes.
 */
export interface CatalogueEntry {
  /** Stable id, used as the React key and in test ids. */
  id: string;
  title: string;
  description: string;
  fileName: string;
  version: string;
  platform: Platform;
  category: ContentCategory;
  type: ContentType;
  /** Bytes of the shipped file (a unit test compares it with the file). */
  size: number;
}

/** The six built-in entries, in the order /downloads lists them. */
export const DOWNLOAD_CATALOGUE: readonly CatalogueEntry[] = [
  {
    id: 'customer-portal',
    title: 'Customer Support Portal',
    description: 'A one-page support portal for the client desktop: phone, hours, e-mail, the support form and self-help answers. Works offline, no scripts.',
    fileName: 'customer-portal.html',
    version: '2.1.0',
    platform: 'Web-based',
    category: 'Support Tools',
    type: 'installer',
    size: 25_638,
  },
  {
    id: 'installation-guide',
    title: 'Installation Guide',
    description: 'How to install the Customer Support Portal on Windows, Mac and Linux desktops, for one user or every user.',
    fileName: 'installation-guide.html',
    version: '2.1',
    platform: 'Cross-Platform',
    category: 'Documentation',
    type: 'guide',
    size: 7_250,
  },
  {
    id: 'system-info-collector',
    title: 'System Information Collector',
    description: 'PowerShell script that writes a read-only report of the computer (hardware, disks, network, updates, errors) to the desktop.',
    fileName: 'system-info-collector.ps1',
    version: '1.5',
    platform: 'Windows',
    category: 'Diagnostics',
    type: 'installer',
    size: 5_441,
  },
  {
    id: 'remote-support-check',
    title: 'Remote Support Readiness Check',
    description: 'PowerShell script that checks a Windows computer before a remote session: disk, DNS, HTTPS, clock, pending restart.',
    fileName: 'remote-support-check.ps1',
    version: '1.3',
    platform: 'Windows',
    category: 'Support Tools',
    type: 'installer',
    size: 5_269,
  },
  {
    id: 'network-diagnostics',
    title: 'Network Diagnostics',
    description: 'Shell script for macOS and Linux: interfaces, gateway, DNS, internet and HTTPS reachability, route. Read-only.',
    fileName: 'network-diagnostics.sh',
    version: '1.2',
    platform: 'Mac',
    category: 'Diagnostics',
    type: 'installer',
    size: 3_778,
  },
  {
    id: 'onsite-checklist',
    title: 'On-site Service Checklist',
    description: 'Printable two-page checklist for site visits: before, on arrival, while working, before leaving, and a quick reference.',
    fileName: 'onsite-service-checklist.pdf',
    version: '1.0',
    platform: 'Cross-Platform',
    category: 'Technical Documentation',
    type: 'document',
    size: 4_738,
  },
];

/** The catalogue entry stored under `fileName`, if any. */
export function catalogueEntry(fileName: string): CatalogueEntry | undefined {
  return DOWNLOAD_CATALOGUE.find((e) => e.fileName === fileName);
}

/** True when `fileName` is reserved for a built-in download (case-insensitive, as on Windows and macOS disks). */
export function isCatalogueFileName(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return DOWNLOAD_CATALOGUE.some((e) => e.fileName.toLowerCase() === lower);
}
