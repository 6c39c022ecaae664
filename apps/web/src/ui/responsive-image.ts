/** One stored width of a photo, as the API lists it (`variants`, `image_variants`). */
export interface PhotoSource {
  readonly url: string;
  readonly width: number;
  readonly height: number;
}

/** A photo record: the original, and the stored widths when the answer lists them (older answers do not). */
export interface ResponsivePhoto extends PhotoSource {
  readonly variants?: readonly PhotoSource[];
}

/** How wide the photo's box is drawn, as in `sizes`: the first entry whose media query matches wins. */
export interface PhotoBox {
  readonly widths: readonly { readonly media?: string; readonly width: string }[];
  /**
   * The box's width over its height when the photo fills it with `object-cover`: a photo wider than the box is
   * drawn wider than the box (its sides cropped), so it needs more pixels than the box's width.
   */
  readonly coverAspect?: number;
}

export interface ResponsiveImageAttributes {
  readonly src: string;
  readonly srcSet: string;
  readonly sizes: string;
  readonly width: number;
  readonly height: number;
}

/**
 * The `<img>` attributes that make the browser fetch the smallest stored width that fills the box at the screen's
 * density (`srcSet` + `sizes`), and reserve the box before a byte arrives (`width` + `height`).
 */
export function responsiveImage(
  photo: ResponsivePhoto,
  box: PhotoBox,
  resolveUrl: (url: string) => string = (url) => url,
): ResponsiveImageAttributes {
  return {
    src: resolveUrl(photo.url),
    srcSet: sourcesOf(photo)
      .map((source) => `${resolveUrl(source.url)} ${source.width}w`)
      .join(', '),
    sizes: sizesOf(photo, box),
    width: photo.width,
    height: photo.height,
  };
}

/** Every width once, smallest first, the original always among them. */
function sourcesOf(photo: ResponsivePhoto): PhotoSource[] {
  const byWidth = new Map<number, PhotoSource>();
  for (const source of [...(photo.variants ?? []), photo]) {
    if (!byWidth.has(source.width)) byWidth.set(source.width, source);
  }
  return [...byWidth.values()].sort((a, b) => a.width - b.width);
}

function sizesOf(photo: PhotoSource, box: PhotoBox): string {
  const scale = box.coverAspect ? Math.max(1, photo.width / photo.height / box.coverAspect) : 1;
  return box.widths
    .map(({ media, width }) => {
      const drawn = scale === 1 ? width : `calc(${width} * ${Number(scale.toFixed(2))})`;
      return media ? `${media} ${drawn}` : drawn;
    })
    .join(', ');
}
