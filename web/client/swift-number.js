// Numbers as Swift's `description` writes a Double: what the app's canonical texts (sender
// chains, signed plain payloads) hold, so both clients hash the same bytes. The digits are the
// shortest that read back to the same number in both languages; only the layout differs —
// Swift writes `10.0`, `1e-05` and `1e+16` where JavaScript writes `10`, `0.00001` and
// `10000000000000000`.

export function swiftDescription(value) {
  if (Number.isNaN(value)) return 'nan';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const [mantissa, exponentText] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent > 15) {
    const digits = String(Math.abs(exponent)).padStart(2, '0');
    return `${mantissa}e${exponent < 0 ? '-' : '+'}${digits}`;
  }
  const text = String(value);
  return text.includes('.') ? text : `${text}.0`;
}
