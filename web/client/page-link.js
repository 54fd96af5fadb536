// What the page's address says: the room (`…/r/ROOM`), the relay it came from (the same
// host, and the path before `/r/` when a proxy serves it under one), and the key after `#`,
// which the browser never sends anywhere.

export function readPageAddress(location) {
  const match = /^(.*)\/r\/([A-Za-z0-9_-]{8,64})\/?$/.exec(location.pathname);
  if (match === null) return null;
  const [, prefix, room] = match;
  const secure = location.protocol === 'https:';
  return {
    room,
    key: decodeURIComponent(location.hash.replace(/^#/, '')),
    webSocketURL: `${secure ? 'wss' : 'ws'}://${location.host}${prefix}/room/${room}`,
    blobURL: (name) => `${prefix}/blob/${name}`,
  };
}
