// The page's view of the document (the app's Viewport): a zoom and a pan, the document's origin
// at the view's centre plus the pan. Zoom keeps the point under the pointer still.

export const ZOOM_RANGE = [0.05, 20];
export const WHEEL_ZOOM_STEP = 1.1;

export class Viewport {
  constructor(zoom = 1, panX = 0, panY = 0) {
    this.zoom = zoom;
    this.panX = panX;
    this.panY = panY;
  }

  origin(size) {
    return { x: size.width / 2 + this.panX, y: size.height / 2 + this.panY };
  }

  toView(point, size) {
    const origin = this.origin(size);
    return { x: origin.x + point.x * this.zoom, y: origin.y + point.y * this.zoom };
  }

  toDocument(point, size) {
    const origin = this.origin(size);
    return { x: (point.x - origin.x) / this.zoom, y: (point.y - origin.y) / this.zoom };
  }

  /** Zooms by `factor` about the view point `anchor`, which stays where it is. */
  zoomed(factor, anchor, size) {
    const zoom = Math.min(Math.max(this.zoom * factor, ZOOM_RANGE[0]), ZOOM_RANGE[1]);
    const before = this.toDocument(anchor, size);
    const result = new Viewport(zoom, this.panX, this.panY);
    const after = result.toView(before, size);
    result.panX += anchor.x - after.x;
    result.panY += anchor.y - after.y;
    return result;
  }

  panned(dx, dy) {
    return new Viewport(this.zoom, this.panX + dx, this.panY + dy);
  }

  /** The document's `bounds` ({ minX, minY, maxX, maxY }) centred and fitted into the view. */
  static fitting(bounds, size, margin = 24) {
    if (bounds === null) return new Viewport();
    const width = Math.max(bounds.maxX - bounds.minX, 1);
    const height = Math.max(bounds.maxY - bounds.minY, 1);
    const zoom = Math.min(Math.max(Math.min((size.width - 2 * margin) / width, (size.height - 2 * margin) / height), ZOOM_RANGE[0]), ZOOM_RANGE[1]);
    const centreX = (bounds.minX + bounds.maxX) / 2;
    const centreY = (bounds.minY + bounds.maxY) / 2;
    return new Viewport(zoom, -centreX * zoom, -centreY * zoom);
  }
}

/** What fits shows: the background and every emoji; null for an empty document. */
export function documentBounds(emojis, background) {
  let bounds = null;
  const include = (minX, minY, maxX, maxY) => {
    bounds = bounds === null ? { minX, minY, maxX, maxY }
      : { minX: Math.min(bounds.minX, minX), minY: Math.min(bounds.minY, minY), maxX: Math.max(bounds.maxX, maxX), maxY: Math.max(bounds.maxY, maxY) };
  };
  if (background) include(-background.width / 2, -background.height / 2, background.width / 2, background.height / 2);
  for (const emoji of emojis) include(emoji.x - emoji.size / 2, emoji.y - emoji.size / 2, emoji.x + emoji.size / 2, emoji.y + emoji.size / 2);
  return bounds;
}
