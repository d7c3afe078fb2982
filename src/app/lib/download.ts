/**
 * Saves data as a file through a temporary object URL (no server involved). The URL outlives the click long enough
 * for the browser to start reading it, even for a large file.
 */
export function downloadFile(fileName: string, data: string | Uint8Array | Blob, type: string): void {
  const url = URL.createObjectURL(new Blob([data as BlobPart], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
