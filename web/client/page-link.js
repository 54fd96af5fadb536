// What the page's address says: the room (`…/r/ROOM`), the relay it came from (the same
// host, and the path before `/r/` when a proxy serves it under one), and the key after `#`,
// which the browser never sends anywhere — with the document's name after it (`#KEY/NAME`).

export function readPageAddress(location) {
  const match = /^(.*)\/r\/([A-Za-z0-9_-]{8,64})\/?$/.exec(location.pathname);
  if (match === null) return null;
  const [, prefix, room] = match;
  const secure = location.protocol === 'https:';
  const [key, ...name] = location.hash.replace(/^#/, '').split('/');
  return {
    room,
    key: decodeURIComponent(key),
    documentName: name.length > 0 ? decodeURIComponent(name.join('/')).trim() || null : null,
    webSocketURL: `${secure ? 'wss' : 'ws'}://${location.host}${prefix}/room/${room}`,
    blobURL: (name) => `${prefix}/blob/${name}`,
  };
}
