/**
 * A photo to send in the chat: its bytes as the app has them (the web's chosen file, a mobile app's own blob),
 * the size in pixels when the app could read it, and what the app shows while it uploads. Choosing, reading and
 * resizing a photo are the app's; the store only sends it and reports the upload's progress.
 */
export interface ChatPhoto {
  readonly file: Blob;
  /** The file's own name, shown beside the preview; none for a pasted image. */
  readonly name?: string;
  readonly width?: number;
  readonly height?: number;
  /** A URL the app can show at once (the web's object URL), or null. */
  readonly previewUrl: string | null;
}
