// JSON as the app's encoder writes it (Foundation's JSONEncoder with sorted keys and unescaped
// slashes): what a snapshot's digest hashes, so the page's snapshots name the state the app
// computes. Numbers are Swift's (`10`, `-0`, `1e-05`, `1e+16`); strings are escaped as
// JSON.stringify escapes them, which is the same.

import { swiftDescription } from './swift-number.js';

export function swiftJSONNumber(value) {
  const text = swiftDescription(value);
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

export function swiftJSON(value) {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'number': return swiftJSONNumber(value);
    case 'boolean': return String(value);
    case 'string': return JSON.stringify(value);
    default:
      if (Array.isArray(value)) return `[${value.map(swiftJSON).join(',')}]`;
      return `{${Object.keys(value).filter((key) => value[key] !== undefined).sort()
        .map((key) => `${JSON.stringify(key)}:${swiftJSON(value[key])}`).join(',')}}`;
  }
}
