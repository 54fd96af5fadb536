// The canvas's pointer, wheel, touch and keyboard input, turned into the page's verbs: click
// selects, drag moves the selection (or pans on empty canvas), the corner handle or Shift+wheel
// resizes, wheel and pinch zoom about the pointer, double-click fits, Delete removes, Ctrl+Z and
// Ctrl+Shift+Z undo and redo the page's own edits. Palette buttons: click adds at the view's
// centre, drag onto the canvas adds there (pointer events, so touch works too).

const DRAG_THRESHOLD = 4;

export function attachInput(canvas, page) {
  const pointers = new Map();
  let gesture = null;

  const viewPoint = (event) => {
    const rect = canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  canvas.addEventListener('pointerdown', (event) => {
    canvas.focus();
    canvas.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, viewPoint(event));
    if (pointers.size === 2) {
      page.cancelGesture(gesture);
      const [a, b] = [...pointers.values()];
      gesture = { kind: 'pinch', distance: Math.hypot(a.x - b.x, a.y - b.y), centre: midpoint(a, b) };
      return;
    }
    if (pointers.size > 2) return;
    const point = viewPoint(event);
    if (page.isOnHandle(point)) {
      gesture = { kind: 'resize', start: point, moved: false };
      return;
    }
    const hit = page.hitTest(point);
    if (hit !== null) {
      page.pressEmoji(hit, event.shiftKey || event.ctrlKey);
      gesture = { kind: 'move', start: point, moved: false };
    } else {
      gesture = { kind: 'pan', start: point, last: point, moved: false, extend: event.shiftKey || event.ctrlKey };
    }
  });

  canvas.addEventListener('pointermove', (event) => {
    const point = viewPoint(event);
    page.pointerMoved(point);
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, point);
    if (gesture === null) return;
    if (gesture.kind === 'pinch') {
      if (pointers.size < 2) return;
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const centre = midpoint(a, b);
      page.zoomBy(distance / Math.max(gesture.distance, 1), centre);
      page.panBy(centre.x - gesture.centre.x, centre.y - gesture.centre.y);
      gesture.distance = distance;
      gesture.centre = centre;
      return;
    }
    if (!gesture.moved && Math.hypot(point.x - gesture.start.x, point.y - gesture.start.y) < DRAG_THRESHOLD) return;
    gesture.moved = true;
    if (gesture.kind === 'pan') {
      page.panBy(point.x - gesture.last.x, point.y - gesture.last.y);
      gesture.last = point;
    } else if (gesture.kind === 'move') {
      page.dragSelection(point.x - gesture.start.x, point.y - gesture.start.y);
    } else if (gesture.kind === 'resize') {
      page.resizeSelection(gesture.start, point);
    }
  });

  const end = (event) => {
    if (!pointers.delete(event.pointerId)) return;
    if (gesture === null) return;
    if (gesture.kind === 'pinch') {
      if (pointers.size === 0) gesture = null;
      return;
    }
    if (gesture.kind === 'pan' && !gesture.moved && !gesture.extend) page.clearSelection();
    if (gesture.kind === 'move' || gesture.kind === 'resize') page.endDrag(event.type === 'pointercancel');
    gesture = null;
  };
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);
  canvas.addEventListener('pointerleave', () => page.pointerMoved(null));

  canvas.addEventListener('wheel', (event) => {
    event.preventDefault();
    const point = viewPoint(event);
    const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
    if (event.shiftKey && page.hasSelection()) {
      page.scaleSelectionStep(Math.exp(-delta / 500));
    } else {
      page.zoomBy(Math.exp(-delta / (event.ctrlKey ? 100 : 500)), point);
    }
  }, { passive: false });

  canvas.addEventListener('dblclick', (event) => {
    if (page.hitTest(viewPoint(event)) === null) page.fit();
  });

  document.addEventListener('keydown', (event) => {
    const control = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    if (control && key === 'z') {
      event.preventDefault();
      if (event.shiftKey) page.redo();
      else page.undo();
    } else if (control && key === 'y') {
      event.preventDefault();
      page.redo();
    } else if (control && key === 'a' && document.activeElement === canvas) {
      event.preventDefault();
      page.selectAll();
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && document.activeElement === canvas) {
      event.preventDefault();
      page.deleteSelection();
    } else if (event.key === 'Escape') {
      page.clearSelection();
    }
  });
}

function midpoint(a, b) {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/** A palette button: click adds at the view's centre; a drag onto the canvas adds where it ends. */
export function attachPaletteButton(button, emoji, canvas, page) {
  let press = null;
  button.addEventListener('pointerdown', (event) => {
    button.setPointerCapture(event.pointerId);
    press = { x: event.clientX, y: event.clientY, dragging: false };
  });
  button.addEventListener('pointermove', (event) => {
    if (press === null) return;
    if (!press.dragging && Math.hypot(event.clientX - press.x, event.clientY - press.y) >= DRAG_THRESHOLD) press.dragging = true;
    if (press.dragging) page.showDropGhost(emoji, event.clientX, event.clientY);
  });
  button.addEventListener('pointerup', (event) => {
    if (press === null) return;
    const dragged = press.dragging;
    press = null;
    page.showDropGhost(null);
    if (!dragged) return;
    button.dataset.dragged = 'true';
    const rect = canvas.getBoundingClientRect();
    if (event.clientX >= rect.left && event.clientX <= rect.right && event.clientY >= rect.top && event.clientY <= rect.bottom) {
      page.addEmoji(emoji, { x: event.clientX - rect.left, y: event.clientY - rect.top });
    }
  });
  button.addEventListener('pointercancel', () => {
    press = null;
    page.showDropGhost(null);
  });
  // A click (mouse, touch, or the keyboard's Enter and Space) that was not a drag.
  button.addEventListener('click', () => {
    if (button.dataset.dragged) delete button.dataset.dragged;
    else page.addEmoji(emoji, null);
  });
}
