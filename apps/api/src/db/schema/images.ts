// Stored photo widths (docs/decisions.md#screens), shared by chat and dating-bio rows: services/images/.

/**
 * One stored width of a photo (docs/decisions.md#screens): the storage key, the URL a client fetches and the size in
 * pixels.
 */
export interface StoredImageWidth {
  readonly key: string;
  readonly url: string;
  readonly width: number;
  readonly height: number;
}
