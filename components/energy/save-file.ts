// A file made in the browser, saved as a download: a Blob, an object URL and a temporary link.
// For what the page already holds (My Energy's CSV of the period shown): nothing asked of the server.

/** Saves `text` as `filename`; the object URL is let go once the browser has had it. */
export function saveText(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.style.display = "none";
  document.body.appendChild(a);
  a.click();
  a.remove();
  // revoked at once, some browsers would cancel the download they have just begun
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
