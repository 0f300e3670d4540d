import { fileExtension } from '@portal/shared';

/** Friendly names of the types the portal stores (shared rules/files.ts FILE_TYPES), by extension. */
const NAMES: Readonly<Record<string, string>> = {
  exe: 'Windows program',
  msi: 'Windows installer',
  msix: 'Windows app package',
  appx: 'Windows app package',
  dmg: 'macOS disk image',
  pkg: 'macOS installer',
  deb: 'Debian package',
  rpm: 'RPM package',
  appimage: 'Linux AppImage',
  apk: 'Android app',
  zip: 'ZIP archive',
  '7z': '7-Zip archive',
  gz: 'Gzip archive',
  tgz: 'Tar archive (gzip)',
  tar: 'Tar archive',
  rar: 'RAR archive',
  iso: 'Disk image (ISO)',
  pdf: 'PDF document',
  doc: 'Word document',
  docx: 'Word document',
  xls: 'Excel spreadsheet',
  xlsx: 'Excel spreadsheet',
  ppt: 'PowerPoint presentation',
  pptx: 'PowerPoint presentation',
  odt: 'OpenDocument text',
  ods: 'OpenDocument spreadsheet',
  rtf: 'Rich text document',
  png: 'PNG image',
  jpg: 'JPEG image',
  jpeg: 'JPEG image',
  gif: 'GIF image',
  webp: 'WebP image',
  mp4: 'MP4 video',
  html: 'Web page',
  htm: 'Web page',
  svg: 'SVG image',
  txt: 'Text file',
  md: 'Markdown text',
  csv: 'CSV spreadsheet',
  log: 'Log file',
  json: 'JSON file',
  xml: 'XML file',
  ini: 'Settings file',
  conf: 'Settings file',
  cfg: 'Settings file',
  yaml: 'YAML file',
  yml: 'YAML file',
  ps1: 'PowerShell script',
  sh: 'Shell script',
  bat: 'Windows batch script',
  cmd: 'Windows batch script',
};

/**
 * What a stored file is, in words, for the file list (instead of its raw content type):
 * `Setup.exe` -> 'Windows program', `guide.pdf` -> 'PDF document'; an unknown extension ->
 * 'XYZ file'; no extension -> 'File'.
 */
export function fileTypeName(name: string): string {
  const ext = fileExtension(name);
  if (!ext) return 'File';
  return NAMES[ext] ?? `${ext.toUpperCase()} file`;
}
