// Draws the room on the page's canvas: the background image centred on the document's origin,
// the emojis in drawing order with the browser's emoji font, the selection with its resize
// handle, and the others' pointers with their names. Display only: nothing here changes state.

export const HANDLE_RADIUS = 9;
const EMOJI_FONT = '"Noto Color Emoji", "Apple Color Emoji", "Segoe UI Emoji", sans-serif';

/** An emoji's square on the view: centre, side and rotation (radians). */
export function emojiBox(emoji, viewport, size) {
  const centre = viewport.toView(emoji, size);
  return { x: centre.x, y: centre.y, side: emoji.size * viewport.zoom, angle: (emoji.rotation * Math.PI) / 180 };
}

/** Whether the view point lies in the emoji's (turned) square. */
export function boxContains(box, point) {
  const dx = point.x - box.x;
  const dy = point.y - box.y;
  const cos = Math.cos(-box.angle);
  const sin = Math.sin(-box.angle);
  const x = dx * cos - dy * sin;
  const y = dx * sin + dy * cos;
  return Math.abs(x) <= box.side / 2 && Math.abs(y) <= box.side / 2;
}

/** The view rectangle around the selected emojis, or null. */
export function selectionRect(emojis, selection, viewport, size) {
  let rect = null;
  for (const emoji of emojis) {
    if (!selection.has(emoji.cid)) continue;
    const box = emojiBox(emoji, viewport, size);
    const half = (box.side / 2) * (box.angle === 0 ? 1 : Math.SQRT2);
    const next = { minX: box.x - half, minY: box.y - half, maxX: box.x + half, maxY: box.y + half };
    rect = rect === null ? next : {
      minX: Math.min(rect.minX, next.minX), minY: Math.min(rect.minY, next.minY),
      maxX: Math.max(rect.maxX, next.maxX), maxY: Math.max(rect.maxY, next.maxY),
    };
  }
  return rect;
}

export function drawRoom(context, scene) {
  const { size, viewport, background, emojis, selection, participants, canEdit } = scene;
  context.save();
  context.clearRect(0, 0, size.width, size.height);
  if (background) {
    const origin = viewport.origin(size);
    const width = background.width * viewport.zoom;
    const height = background.height * viewport.zoom;
    context.imageSmoothingQuality = 'medium';
    context.drawImage(background, origin.x - width / 2, origin.y - height / 2, width, height);
  }
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  let lastFont = '';
  for (const emoji of emojis) {
    const box = emojiBox(emoji, viewport, size);
    if (box.x + box.side < 0 || box.y + box.side < 0 || box.x - box.side > size.width || box.y - box.side > size.height) continue;
    const font = `${box.side.toFixed(2)}px ${EMOJI_FONT}`;
    if (font !== lastFont) {
      context.font = font;
      lastFont = font;
    }
    if (box.angle === 0 && !emoji.flipped) {
      context.fillText(emoji.text, box.x, box.y);
      continue;
    }
    context.save();
    context.translate(box.x, box.y);
    context.rotate(box.angle);
    if (emoji.flipped) context.scale(-1, 1);
    context.fillText(emoji.text, 0, 0);
    context.restore();
  }
  drawSelection(context, emojis, selection, viewport, size, canEdit);
  drawParticipants(context, participants, viewport, size);
  context.restore();
}

function drawSelection(context, emojis, selection, viewport, size, canEdit) {
  if (selection.size === 0) return;
  context.lineWidth = 1.5;
  context.strokeStyle = '#3584e4';
  context.setLineDash([5, 3]);
  for (const emoji of emojis) {
    if (!selection.has(emoji.cid)) continue;
    const box = emojiBox(emoji, viewport, size);
    context.save();
    context.translate(box.x, box.y);
    context.rotate(box.angle);
    context.strokeRect(-box.side / 2, -box.side / 2, box.side, box.side);
    context.restore();
  }
  context.setLineDash([]);
  const rect = selectionRect(emojis, selection, viewport, size);
  if (rect && canEdit) {
    context.fillStyle = '#ffffff';
    context.beginPath();
    context.arc(rect.maxX, rect.maxY, HANDLE_RADIUS, 0, 2 * Math.PI);
    context.fill();
    context.stroke();
  }
}

function drawParticipants(context, participants, viewport, size) {
  context.font = '12px Cantarell, "Noto Sans", sans-serif';
  context.textAlign = 'left';
  context.textBaseline = 'top';
  for (const person of participants) {
    if (person.pointerX === null || person.pointerY === null) continue;
    const point = viewport.toView({ x: person.pointerX, y: person.pointerY }, size);
    context.fillStyle = person.colour;
    context.beginPath();
    context.moveTo(point.x, point.y);
    context.lineTo(point.x + 4, point.y + 14);
    context.lineTo(point.x + 11, point.y + 10);
    context.closePath();
    context.fill();
    const label = person.name;
    const width = context.measureText(label).width + 8;
    context.fillRect(point.x + 10, point.y + 14, width, 18);
    context.fillStyle = '#ffffff';
    context.fillText(label, point.x + 14, point.y + 17);
  }
}
