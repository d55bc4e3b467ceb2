/**
 * A Content-Disposition that makes browsers download the file under its original name. The quoted name is an
 * ASCII stand-in (quotes, backslashes and control characters would break the header); `filename*` carries the
 * exact UTF-8 name for browsers that read it, which all current ones do.
 */
export function attachmentDisposition(fileName: string): string {
  const name = fileName.replace(/[\\/]/g, '_').trim() || 'photo';
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
