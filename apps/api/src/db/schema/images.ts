// Stored photo widths (issue 21), shared by chat and dating-bio rows: services/images/.

/** One stored width of a photo (issue 21): the storage key, the URL a client fetches and the size in pixels. */
export interface StoredImageWidth {
  readonly key: string;
  readonly url: string;
  readonly width: number;
  readonly height: number;
}
