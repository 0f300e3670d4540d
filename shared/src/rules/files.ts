/**
 * Uploaded file rules (DESIGN.md 7 "Uploaded files"): which names are safe, which file
 * types the portal stores, their content types, and which of them are installers. The API enforces
 * these on upload and when serving; the PWA uses them to pre-check a chosen file and to label lists.
 */

/** How the portal treats one file extension. */
export interface FileTypeInfo {
  /** Content-Type the file is served with. */
  mime: string;
  /** Shown as an installer in file management (SPEC.md 2 "isInstaller"). */
  installer?: true;
  /** A text format: must not contain NUL bytes (checked on upload). */
  text?: true;
  /** HTML and SVG: open in a new tab, served sandboxed (`Content-Security-Policy: sandbox`). */
  opensInTab?: true;
}

const bin = (mime: string): FileTypeInfo => ({ mime });
const installer = (mime: string): FileTypeInfo => ({ mime, installer: true });
const text = (mime: string): FileTypeInfo => ({ mime, text: true });

/**
 * Every extension the portal accepts (lower case, without the dot). Anything else is refused on
 * upload: installers, archives, documents, images, plain text and scripts technicians run by hand.
 */
export const FILE_TYPES: Readonly<Record<string, FileTypeInfo>> = {
  // Installers and packages
  exe: installer('application/vnd.microsoft.portable-executable'),
  msi: installer('application/x-msi'),
  msix: installer('application/msix'),
  appx: installer('application/appx'),
  dmg: installer('application/x-apple-diskimage'),
  pkg: installer('application/octet-stream'),
  deb: installer('application/vnd.debian.binary-package'),
  rpm: installer('application/x-rpm'),
  appimage: installer('application/vnd.appimage'),
  apk: installer('application/vnd.android.package-archive'),
  // Archives and disk images
  zip: bin('application/zip'),
  '7z': bin('application/x-7z-compressed'),
  gz: bin('application/gzip'),
  tgz: bin('application/gzip'),
  tar: bin('application/x-tar'),
  rar: bin('application/vnd.rar'),
  iso: bin('application/x-iso9660-image'),
  // Documents
  pdf: bin('application/pdf'),
  doc: bin('application/msword'),
  docx: bin('application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
  xls: bin('application/vnd.ms-excel'),
  xlsx: bin('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  ppt: bin('application/vnd.ms-powerpoint'),
  pptx: bin('application/vnd.openxmlformats-officedocument.presentationml.presentation'),
  odt: bin('application/vnd.oasis.opendocument.text'),
  ods: bin('application/vnd.oasis.opendocument.spreadsheet'),
  rtf: bin('application/rtf'),
  // Images and video
  png: bin('image/png'),
  jpg: bin('image/jpeg'),
  jpeg: bin('image/jpeg'),
  gif: bin('image/gif'),
  webp: bin('image/webp'),
  mp4: bin('video/mp4'),
  // Pages that open in a new tab (sandboxed)
  html: { mime: 'text/html; charset=utf-8', text: true, opensInTab: true },
  htm: { mime: 'text/html; charset=utf-8', text: true, opensInTab: true },
  svg: { mime: 'image/svg+xml', text: true, opensInTab: true },
  // Text and scripts (always downloaded)
  txt: text('text/plain; charset=utf-8'),
  md: text('text/markdown; charset=utf-8'),
  csv: text('text/csv; charset=utf-8'),
  log: text('text/plain; charset=utf-8'),
  json: text('application/json'),
  xml: text('application/xml'),
  ini: text('text/plain; charset=utf-8'),
  conf: text('text/plain; charset=utf-8'),
  cfg: text('text/plain; charset=utf-8'),
  yaml: text('text/yaml; charset=utf-8'),
  yml: text('text/yaml; charset=utf-8'),
  ps1: text('text/plain; charset=utf-8'),
  sh: text('text/x-shellscript; charset=utf-8'),
  bat: text('text/plain; charset=utf-8'),
  cmd: text('text/plain; charset=utf-8'),
};

/** The `accept` attribute of file pickers: every allowed extension. */
export const UPLOAD_ACCEPT = Object.keys(FILE_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');

/** Longest accepted file name, in characters. */
export const MAX_FILE_NAME_LENGTH = 150;

/** Letters or digits first, then letters, digits, spaces and `. _ - ( ) + ,`. */
const SAFE_NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._()+,-]*$/u;
/** Device names Windows refuses as file names (with any extension). */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\.|$)/i;

/** `Setup.EXE` -> `exe`; no extension -> ''. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The type rules of `name`'s extension, or undefined when the extension is not allowed. */
export function fileTypeOf(name: string): FileTypeInfo | undefined {
  const ext = fileExtension(name);
  return Object.prototype.hasOwnProperty.call(FILE_TYPES, ext) ? FILE_TYPES[ext] : undefined;
}

/** True for installer extensions (exe, msi, dmg, pkg, deb, rpm, ...). */
export function isInstallerName(name: string): boolean {
  return fileTypeOf(name)?.installer === true;
}

/** True for HTML and SVG, which open in a new tab (SPEC.md 2) instead of downloading. */
export function opensInTab(name: string): boolean {
  return fileTypeOf(name)?.opensInTab === true;
}

/**
 * Why `name` cannot be stored, or null when it is safe: no folders or path traversal (`/`, `\`,
 * `..`), no hidden files (leading dot), no control characters, a letter or digit first, at most
 * {@link MAX_FILE_NAME_LENGTH} characters, no Windows device names, and an allowed extension.
 * Names are compared as given (NFC); nothing is silently rewritten.
 */
export function fileNameProblem(name: string): string | null {
  if (name.length === 0) return 'File name is required';
  if (name.length > MAX_FILE_NAME_LENGTH) return `File name must be at most ${MAX_FILE_NAME_LENGTH} characters`;
  if (/[/\\]/.test(name) || name.includes('..')) return 'File name must not contain folders or ".."';
  if (name.startsWith('.')) return 'Hidden files (names starting with ".") are not allowed';
  if (name !== name.normalize('NFC') || !SAFE_NAME.test(name)) {
    return 'File name may only contain letters, digits, spaces and . _ - ( ) + , and must start with a letter or digit';
  }
  if (name.endsWith(' ') || name.endsWith('.')) return 'File name must not end with a space or a dot';
  if (WINDOWS_DEVICE.test(name)) return 'File name is reserved by Windows';
  if (!fileTypeOf(name)) {
    const ext = fileExtension(name);
    return ext ? `Files of type .${ext} are not allowed` : 'File name needs an extension such as .exe or .pdf';
  }
  return null;
}

/** Bytes in one MB as UPLOAD_MAX_MB counts them (MiB, like the size formatter). */
export const BYTES_PER_MB = 1024 * 1024;

/** The 413 text for an upload over `maxBytes`. */
export function fileTooLargeMessage(maxBytes: number): string {
  return `File is too large. The upload limit is ${Math.floor(maxBytes / BYTES_PER_MB)} MB.`;
}
